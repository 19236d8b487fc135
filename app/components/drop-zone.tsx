import {
  type ChangeEvent,
  type DragEvent,
  type KeyboardEvent,
  type ReactNode,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import type { TUploadFile } from "../../common/api-types.ts";
import {
  EXTENSION_MIME_TYPES,
  formatSize,
  parseUploadConfig,
  type TUploadConfigInput,
  type TUploadError,
  type TUploadItem,
  UploadQueue,
} from "../../common/upload/queue.ts";
import { xhrTransport } from "../../common/upload/xhr-transport.ts";
import type { TFieldMeta } from "../lib/form.ts";
import { useFieldId } from "./form.tsx";
import { FieldMessage } from "./field-message.tsx";
import { useT } from "../lib/hooks.ts";
import { Icon, type IconName } from "./icon.tsx";

/** What the upload API stores a file for; it decides the server's size and type rules. */
export type TUploadPurpose = "photo" | "document" | "spreadsheet";

const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/**
 * The widget's checks per purpose, matching the server's rules (`server/modules/uploads`), so a
 * person learns at once that a file will not do instead of after waiting for the upload. Sizes are
 * in steps of 1000 like the labels, which keeps them just under the server's 10 and 20 MiB: what
 * passes here is never refused there for its size. The server checks everything again.
 */
export const UPLOAD_PRESETS = {
  photo: { acceptedFiles: ["image/jpeg", "image/png", "image/webp"], maxFileSize: 10_000_000 },
  document: { acceptedFiles: ["application/pdf", "image/jpeg", "image/png", "image/webp"], maxFileSize: 20_000_000 },
  spreadsheet: { acceptedFiles: [XLSX], maxFileSize: 10_000_000 },
} as const satisfies Record<TUploadPurpose, Partial<TUploadConfigInput>>;

/** The API's upload operation. */
export const DEFAULT_UPLOAD_URL = "/api/v1/uploads";

/**
 * The drop zone's configuration: the API's address, `{ purpose: "photo" }`, that purpose's preset,
 * then what the caller gave. Requests to this site's API carry the page's language, so the
 * server's messages come in the language the person reads.
 */
export function dropZoneConfig(config: Partial<TUploadConfigInput> = {}, locale?: string): TUploadConfigInput {
  const params = { purpose: "photo", ...config.params };
  const preset = UPLOAD_PRESETS[params.purpose as TUploadPurpose] ?? {};
  let url = config.url ?? DEFAULT_UPLOAD_URL;
  if (locale && url.startsWith("/api/") && !/[?&]lang=/.test(url)) {
    url += `${url.includes("?") ? "&" : "?"}lang=${locale}`;
  }
  return { ...preset, ...config, url, params };
}

/** An item's look: a colour always paired with a word and an icon. */
const TONES = {
  wait: "clock",
  busy: "upload",
  ok: "check",
  stop: "alert",
} as const satisfies Record<string, IconName>;
type TTone = keyof typeof TONES;

function toneOf(item: TUploadItem): TTone {
  if (!item.accepted || item.status === "ERROR") return "stop";
  if (item.status === "DONE") return "ok";
  if (item.status === "UPLOADING") return "busy";
  return "wait";
}

function sameIds(a: readonly TUploadFile[], b: readonly TUploadFile[]): boolean {
  return a.length === b.length && a.every((f, i) => f.id === b[i]?.id);
}

function isUploadFile(v: unknown): v is TUploadFile {
  const f = v as Partial<TUploadFile> | null;
  return (
    !!f &&
    typeof f.id === "string" &&
    typeof f.url === "string" &&
    typeof f.name === "string" &&
    typeof f.size === "number" &&
    typeof f.type === "string"
  );
}

export type TDropZoneProps = {
  /** Merged over the defaults (see {@link dropZoneConfig}); `params.purpose` picks the preset. */
  config?: Partial<TUploadConfigInput>;
  label: ReactNode;
  hint?: ReactNode;
  /** Files already uploaded (for instance those saved with the record). */
  value?: TUploadFile[];
  /** Called with every uploaded file, after an upload finishes or a file is removed. */
  onChange?: (files: TUploadFile[]) => void;
  /** Told when files start or stop being sent, e.g. to hold the form's submit button meanwhile. */
  onBusyChange?: (isBusy: boolean) => void;
  /** When given, one hidden input of that name per uploaded file's id, for a plain `<form>`. */
  name?: string;
  /** The form's field (`useSchemaForm`): its name for the hidden inputs, and its message under the zone. */
  field?: TFieldMeta;
  disabled?: boolean;
};

/**
 * The file drop zone: a real file input (keyboard and screen readers work as with any field) under
 * a large drop area, and the list of files with their progress, status in words, errors, and
 * remove and retry buttons. The upload queue exists in the browser only, created after mount;
 * on the server the zone renders its current files and nothing else.
 */
export function DropZone({
  config,
  label,
  hint,
  value,
  onChange,
  onBusyChange,
  name: givenName,
  field,
  disabled = false,
}: TDropZoneProps) {
  const name = givenName ?? field?.name;
  const errorMessage = field?.errors?.[0];
  const { t, locale } = useT();
  const id = useFieldId("drop-zone");
  const decimal = locale === "ru" || locale === "kk" ? "," : ".";
  const units = [
    t("upload.units.b"),
    t("upload.units.kb"),
    t("upload.units.mb"),
    t("upload.units.gb"),
    t("upload.units.tb"),
  ] as const;
  const size = (bytes: number) => formatSize(bytes, { units, decimal });

  // The caller's config is usually a new object each render: compare it by content.
  const configKey = JSON.stringify(config ?? {});
  const input = useMemo(
    () => dropZoneConfig(JSON.parse(configKey) as Partial<TUploadConfigInput>, locale),
    [configKey, locale],
  );
  // Validated during render too, so a wrong config fails on the server, not later in a browser.
  const effective = useMemo(() => parseUploadConfig(input), [input]);

  const [files, setFiles] = useState<TUploadFile[]>(value ?? []);
  const [items, setItems] = useState<readonly TUploadItem[]>([]);
  const [isDragOver, setDragOver] = useState(false);
  const [announcement, setAnnouncement] = useState("");

  const queueRef = useRef<UploadQueue | null>(null);
  // Kept in refs for the queue's listeners, which are added once.
  const filesRef = useRef(files);
  const onChangeRef = useRef(onChange);
  const onBusyChangeRef = useRef(onBusyChange);
  const wasBusy = useRef(false);
  const describeRef = useRef<(e: TUploadError) => string>(() => "");
  const tRef = useRef(t);
  /** Previews of files uploaded here, by server id; object URLs, revoked when no longer shown. */
  const doneThumbs = useRef(new Map<string, string>());

  // The queue counts only its own files; the already uploaded ones take places too.
  const queueConfig = useMemo(
    () => ({
      ...input,
      maxFiles: effective.maxFiles === null ? null : Math.max(0, effective.maxFiles - files.length),
    }),
    [input, effective.maxFiles, files.length],
  );
  const queueConfigRef = useRef(queueConfig);

  function describeError(error: TUploadError): string {
    switch (error.type) {
      case "MAX_FILE_SIZE":
        return t("upload.error.max_file_size", { max: size(effective.maxFileSize) });
      case "INVALID_TYPE":
        return t("upload.error.invalid_type", { types: describeTypes(effective.acceptedFiles) });
      case "MAX_FILE":
        return t("upload.error.max_file", { count: effective.maxFiles ?? 0 });
      case "TIMEOUT":
        return t("upload.error.timeout");
      case "NETWORK":
        return t("upload.error.network");
      case "INVALID_JSON":
        return t("upload.error.invalid_json");
      case "HTTP":
        // The API's message is already in the page's language (the request carries `lang`).
        return error.message ?? t("upload.error.http", { status: error.status ?? 0 });
    }
  }

  function describeTypes(accepted: readonly string[] | null): string {
    const labels = (accepted ?? []).map((entry) => {
      if (entry.startsWith(".")) return entry.slice(1).toUpperCase();
      if (entry === "image/*") return t("upload.kind_image");
      const ext = Object.keys(EXTENSION_MIME_TYPES).find((e) => EXTENSION_MIME_TYPES[e]?.includes(entry));
      return ext ? ext.toUpperCase() : entry;
    });
    return [...new Set(labels)].join(", ");
  }

  useEffect(() => {
    onChangeRef.current = onChange;
    onBusyChangeRef.current = onBusyChange;
    describeRef.current = describeError;
    tRef.current = t;
  });

  useEffect(() => {
    if (value && !sameIds(value, filesRef.current)) {
      filesRef.current = value;
      setFiles(value);
    }
  }, [value]);

  useEffect(() => {
    const queue = new UploadQueue(queueConfigRef.current, { transport: xhrTransport });
    queueRef.current = queue;
    /** Object URLs of the items still in the queue, by item id. */
    const thumbs = new Map<string, string>();
    // A screen reader says the same text again only if it changes: alternate an invisible mark.
    let tick = false;
    const announce = (text: string) => {
      tick = !tick;
      setAnnouncement(tick ? text : `${text}\u200b`);
    };
    const unsubscribe = queue.subscribe(() => setItems(queue.items));

    queue.on("added-file", (item) => {
      if (item.file.type.startsWith("image/") && typeof URL.createObjectURL === "function") {
        const url = URL.createObjectURL(item.file);
        thumbs.set(item.id, url);
        queue.setThumbnail(item.id, url);
      }
    });
    queue.on("removed-file", (item) => {
      const url = thumbs.get(item.id);
      thumbs.delete(item.id);
      if (url) URL.revokeObjectURL(url);
    });
    queue.on("error-add", (item) => {
      if (item.error) {
        announce(
          tRef.current("upload.announce.rejected", { name: item.file.name, reason: describeRef.current(item.error) }),
        );
      }
    });
    queue.on("error-upload", (ids, _type, error) => {
      for (const itemId of ids) {
        const item = queue.getItem(itemId);
        if (item) {
          announce(tRef.current("upload.announce.error", { name: item.file.name, reason: describeRef.current(error) }));
        }
      }
    });
    queue.on("uploaded", (item, response) => {
      // Anything but a stored file stays in the list as DONE, without an id to submit.
      if (!isUploadFile(response)) return;
      const url = thumbs.get(item.id);
      if (url) {
        // The preview moves with the file to the uploaded list; it must not be revoked with the item.
        thumbs.delete(item.id);
        doneThumbs.current.set(response.id, url);
      }
      const next = [...filesRef.current, response];
      filesRef.current = next;
      setFiles(next);
      onChangeRef.current?.(next);
      announce(tRef.current("upload.announce.done", { name: item.file.name }));
      queue.removeFile(item.id);
    });

    const done = doneThumbs.current;
    return () => {
      unsubscribe();
      queue.destroy();
      queueRef.current = null;
      for (const url of thumbs.values()) URL.revokeObjectURL(url);
      for (const url of done.values()) URL.revokeObjectURL(url);
      done.clear();
    };
  }, []);

  const isBusy = items.some((i) => i.status === "QUEUED" || i.status === "UPLOADING");
  useEffect(() => {
    if (isBusy === wasBusy.current) return;
    wasBusy.current = isBusy;
    onBusyChangeRef.current?.(isBusy);
  }, [isBusy]);

  useEffect(() => {
    queueConfigRef.current = queueConfig;
    queueRef.current?.setConfig(queueConfig);
  }, [queueConfig]);

  function addFiles(list: FileList | null) {
    if (disabled || !list?.length) return;
    queueRef.current?.addFiles(list);
  }

  function removeUploaded(file: TUploadFile) {
    const next = filesRef.current.filter((f) => f.id !== file.id);
    const url = doneThumbs.current.get(file.id);
    if (url) {
      doneThumbs.current.delete(file.id);
      URL.revokeObjectURL(url);
    }
    filesRef.current = next;
    setFiles(next);
    onChange?.(next);
    setAnnouncement(t("upload.announce.removed", { name: file.name }));
  }

  function removeItem(item: TUploadItem) {
    queueRef.current?.removeFile(item.id);
    setAnnouncement(t("upload.announce.removed", { name: item.file.name }));
  }

  function onInputChange(e: ChangeEvent<HTMLInputElement>) {
    addFiles(e.currentTarget.files);
    // Lets the same file be chosen again after it was removed.
    e.currentTarget.value = "";
  }

  function onInputKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === "Enter" || e.key === " ") {
      // Browsers differ in which keys open a file picker: make both do so everywhere.
      e.preventDefault();
      e.currentTarget.click();
    }
  }

  function onDragOver(e: DragEvent<HTMLElement>) {
    e.preventDefault();
    if (disabled) {
      e.dataTransfer.dropEffect = "none";
      return;
    }
    e.dataTransfer.dropEffect = "copy";
    if (!isDragOver) setDragOver(true);
  }

  function onDragLeave(e: DragEvent<HTMLElement>) {
    // Moving over a child fires dragleave on the parent: only leaving the area counts.
    if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setDragOver(false);
  }

  function onDrop(e: DragEvent<HTMLElement>) {
    e.preventDefault();
    setDragOver(false);
    addFiles(e.dataTransfer.files);
  }

  const limits = [
    t("upload.limit_size", { size: size(effective.maxFileSize) }),
    effective.acceptedFiles?.length ? t("upload.limit_types", { types: describeTypes(effective.acceptedFiles) }) : null,
    effective.maxFiles !== null ? t("upload.limit_files", { count: effective.maxFiles }) : null,
  ]
    .filter(Boolean)
    .join(" ");
  const waiting = items.filter((i) => i.accepted && i.status === "ADDED").length;
  const count = files.length + items.length;
  const area = (
    <>
      <Icon name="upload" size={28} />
      <span className="drop-zone__message">{isDragOver ? t("upload.drop_now") : t("upload.drop_here")}</span>
    </>
  );
  const areaClass = `drop-zone__area${isDragOver ? " is-dragover" : ""}`;
  const dragHandlers = { onDragEnter: onDragOver, onDragOver, onDragLeave, onDrop };

  return (
    <div className={`drop-zone field${disabled ? " is-disabled" : ""}${errorMessage ? " field--error" : ""}`}>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <input
        type="file"
        id={id}
        className="drop-zone__input visually-hidden"
        multiple={effective.multiple}
        accept={effective.acceptedFiles?.join(",") || undefined}
        disabled={disabled}
        aria-describedby={[hint ? `${id}-hint` : null, `${id}-limits`, errorMessage ? field?.errorId : null]
          .filter(Boolean)
          .join(" ")}
        aria-invalid={errorMessage ? true : undefined}
        onChange={onInputChange}
        onKeyDown={onInputKeyDown}
      />
      {effective.clickable ? (
        <label htmlFor={id} className={areaClass} {...dragHandlers}>
          {area}
        </label>
      ) : (
        // Not clickable: the area only takes drops; the input above still opens from the keyboard.
        <div className={areaClass} {...dragHandlers}>
          {area}
        </div>
      )}
      {hint ? (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      <p className="field__hint" id={`${id}-limits`}>
        {limits}
      </p>
      {field ? <FieldMessage field={field} /> : null}

      {count > 0 ? (
        <ul className="drop-zone__list" aria-label={t("upload.files", { count })}>
          {files.map((file) => (
            <li key={file.id} className="drop-zone__item drop-zone__item--ok">
              <Thumb
                src={doneThumbs.current.get(file.id) ?? (file.type.startsWith("image/") ? file.url : null)}
                isImage={file.type.startsWith("image/")}
              />
              <div className="drop-zone__body">
                <p className="drop-zone__name">{file.name}</p>
                <p className="drop-zone__meta">
                  <span>{size(file.size)}</span>
                  <Status tone="ok" text={t("upload.status.done")} />
                </p>
              </div>
              <div className="drop-zone__actions">
                <button
                  type="button"
                  className="button button--ghost button--small"
                  onClick={() => removeUploaded(file)}
                  disabled={disabled}
                  aria-label={t("upload.remove_file", { name: file.name })}
                >
                  <Icon name="trash" size={18} />
                  <span className="drop-zone__action-text">{t("upload.remove")}</span>
                </button>
              </div>
            </li>
          ))}
          {items.map((item) => {
            const tone = toneOf(item);
            const progress = Math.round(item.upload.progress);
            const statusText = !item.accepted
              ? t("upload.status.rejected")
              : item.status === "UPLOADING"
                ? t("upload.status.uploading", { progress })
                : t(`upload.status.${item.status.toLowerCase()}`);
            const canRetry = item.accepted && item.status === "ERROR" && item.upload.retries > 0;
            return (
              <li key={item.id} className={`drop-zone__item drop-zone__item--${tone}`}>
                <Thumb src={item.thumbnail} isImage={item.file.type.startsWith("image/")} />
                <div className="drop-zone__body">
                  <p className="drop-zone__name">{item.file.name}</p>
                  <p className="drop-zone__meta">
                    <span>{size(item.file.size)}</span>
                    <Status tone={tone} text={statusText} />
                  </p>
                  {item.accepted && item.status !== "ERROR" && item.status !== "ADDED" ? (
                    <progress
                      className="drop-zone__progress"
                      max={100}
                      value={progress}
                      aria-label={t("upload.progress", { name: item.file.name })}
                    />
                  ) : null}
                  {item.error ? <p className="drop-zone__error">{describeError(item.error)}</p> : null}
                </div>
                <div className="drop-zone__actions">
                  {canRetry ? (
                    <button
                      type="button"
                      className="button button--ghost button--small"
                      onClick={() => queueRef.current?.requeue(item.id)}
                      disabled={disabled}
                      aria-label={t("upload.retry_file", { name: item.file.name })}
                    >
                      <Icon name="retry" size={18} />
                      <span className="drop-zone__action-text">{t("upload.retry")}</span>
                    </button>
                  ) : null}
                  <button
                    type="button"
                    className="button button--ghost button--small"
                    onClick={() => removeItem(item)}
                    disabled={disabled}
                    aria-label={t("upload.remove_file", { name: item.file.name })}
                  >
                    <Icon name="trash" size={18} />
                    <span className="drop-zone__action-text">{t("upload.remove")}</span>
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      ) : null}

      {waiting > 0 && !effective.autoUpload ? (
        <button
          type="button"
          className="button drop-zone__start"
          onClick={() => queueRef.current?.enqueueAll()}
          disabled={disabled}
        >
          <Icon name="upload" size={18} />
          {t("upload.start")}
        </button>
      ) : null}

      {name ? files.map((file) => <input key={file.id} type="hidden" name={name} value={file.id} />) : null}

      <div className="visually-hidden" aria-live="polite">
        {announcement}
      </div>
    </div>
  );
}

/** A status in words with its icon; the colour comes from the item's tone and is never the only sign. */
function Status({ tone, text }: { tone: TTone; text: string }) {
  return (
    <span className={`drop-zone__status drop-zone__status--${tone}`}>
      <Icon name={TONES[tone]} size={16} />
      {text}
    </span>
  );
}

/** A preview over a file icon: a picture that fails to load (a private file) leaves the icon visible. */
function Thumb({ src, isImage }: { src: string | null; isImage: boolean }) {
  return (
    <div className="drop-zone__thumb" aria-hidden="true">
      <Icon name={isImage ? "image" : "file"} size={24} />
      {src ? (
        <img
          src={src}
          alt=""
          width={56}
          height={56}
          loading="lazy"
          onError={(e) => {
            e.currentTarget.hidden = true;
          }}
        />
      ) : null}
    </div>
  );
}
