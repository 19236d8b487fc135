import { useEffect, useRef, useState } from "react";
import { Link, useFetcher, useSearchParams } from "react-router";
import type { TThread, TThreadComment, TUploadFile } from "../../common/api-types.ts";
import { formatDate } from "../../common/i18n.ts";
import { COMMENT_MAX_FILES, COMMENT_MAX_LENGTH, THREAD_BEFORE_PARAM, THREAD_INTENT } from "../../common/threads.ts";
import { browserApi } from "../lib/browser-api.ts";
import { useSchemaForm } from "../lib/form.ts";
import { useT } from "../lib/hooks.ts";
import type { TThreadActionData, threadAction } from "../lib/thread.server.ts";
import { Field, FormError } from "./form.tsx";
import { Icon } from "./icon.tsx";
import { LazyDropZone as DropZone } from "./lazy-drop-zone.tsx";

/** Comments by id, oldest first, each once. */
function merged(...lists: readonly TThreadComment[][]): TThreadComment[] {
  const byId = new Map<number, TThreadComment>();
  for (const list of lists) for (const c of list) byId.set(c.id, c);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/**
 * The conversation about an entity (its thread, `server/modules/threads/`), for its page: the
 * comments oldest first — author, side, time, the text with its line breaks (always as text),
 * files as links —, internal notes marked as such (only the entity's staff get them), the unread
 * ones after a "new" mark, and the form to write: text, files through the drop zone and, for the
 * staff, whether it goes to the applicant or stays an internal note. Marks the thread read once shown.
 *
 * The page's loader gives `thread` (`loadThread`) and its action hands the form's post
 * (`intent=comment`) to `threadAction` (`app/lib/thread.server.ts`); `pageReply` is that action's
 * answer for a form posted before hydration (`actionData`).
 */
export function Thread({
  thread,
  entityType,
  entityId,
  pageReply,
  words = "thread",
}: {
  thread: TThread;
  entityType: string;
  entityId: number;
  pageReply?: TThreadActionData;
  /**
   * The catalog group naming the conversation's two sides and whom a message goes to
   * (`side.staff`, `side.applicant`, `to_participants`, `to_participants_hint`, `to_internal_hint`,
   * `internal_hint`): `thread` (the staff and the applicant), or a workflow's own (an order's
   * supplier and family).
   */
  words?: string;
}) {
  const { t, locale } = useT();
  const fetcher = useFetcher<typeof threadAction>();
  const reply = fetcher.data ?? (pageReply?.intent === THREAD_INTENT ? pageReply : undefined);
  const { form, fields } = useSchemaForm("ZCommentInput", { id: "thread", lastResult: reply?.form });
  const [files, setFiles] = useState<TUploadFile[]>([]);
  const [isUploading, setUploading] = useState(false);
  const sent = fetcher.state === "idle" && fetcher.data?.ok === true;
  useEffect(() => {
    if (sent) setFiles([]);
  }, [sent]);

  // Comments loaded before (older pages, and those a newer answer no longer lists) stay shown.
  const [kept, setKept] = useState<TThreadComment[]>([]);
  const [older, setOlder] = useState<{ hasOlder: boolean; failed?: boolean } | null>(null);
  const shown = useRef(thread.items);
  useEffect(() => {
    if (shown.current === thread.items) return;
    const gone = shown.current.filter((c) => !thread.items.some((n) => n.id === c.id));
    shown.current = thread.items;
    if (gone.length) setKept((k) => merged(k, gone));
  }, [thread.items]);
  const comments = merged(kept, thread.items);
  const hasOlder = older ? older.hasOlder : thread.hasOlder;
  const first = comments[0]?.id;

  const [params] = useSearchParams();
  const olderHref = () => {
    const next = new URLSearchParams(params);
    if (first) next.set(THREAD_BEFORE_PARAM, String(first));
    return `?${next}`;
  };
  const loadOlder = async () => {
    if (!first) return;
    try {
      const page = await browserApi(locale).get("/threads/:entityType/:entityId", {
        params: { entityType, entityId },
        query: { beforeId: first },
      });
      setKept((k) => merged(k, page.items));
      setOlder({ hasOlder: page.hasOlder });
    } catch {
      setOlder({ hasOlder: true, failed: true });
    }
  };

  // Shown, so read: the marker moves to the newest comment (never back, the API keeps the greater).
  const newest = thread.items.at(-1)?.id;
  useEffect(() => {
    if (!newest || (thread.lastReadId !== null && thread.lastReadId >= newest)) return;
    browserApi(locale)
      .post("/threads/:entityType/:entityId/read", { params: { entityType, entityId }, body: { lastReadId: newest } })
      .catch(() => {
        // Not marked this time: the comments stay unread and are marked on the next visit.
      });
  }, [newest, thread.lastReadId, entityType, entityId, locale]);

  /** The first unread comment of someone else, as the page was loaded: the "new" mark goes above it. */
  const firstUnread =
    thread.unread > 0
      ? comments.find((c) => !c.author.isMe && (thread.lastReadId === null || c.id > thread.lastReadId))?.id
      : undefined;

  return (
    <section className="thread" aria-labelledby="thread-title" data-testid="thread">
      <div className="thread__head">
        <h2 id="thread-title">{t("thread.title")}</h2>
        <p className="muted thread__counts">
          {t("thread.count", { count: thread.total })}
          {thread.unread > 0 ? (
            <>
              {" · "}
              <strong data-testid="thread-unread">{t("thread.unread", { count: thread.unread })}</strong>
            </>
          ) : null}
        </p>
      </div>

      {hasOlder ? (
        <p className="thread__older">
          <Link
            to={olderHref()}
            preventScrollReset
            onClick={(e) => {
              e.preventDefault();
              void loadOlder();
            }}
            data-testid="thread-older"
          >
            {t("thread.show_older")}
          </Link>
        </p>
      ) : null}
      {older?.failed ? (
        <p className="field__error" role="alert">
          {t("thread.older_failed")}
        </p>
      ) : null}

      {comments.length ? (
        <ol className="thread__list">
          {comments.map((c) => (
            <Comment key={c.id} comment={c} isFirstUnread={c.id === firstUnread} words={words} />
          ))}
        </ol>
      ) : (
        <p className="muted">{t("thread.empty")}</p>
      )}

      {thread.canWrite ? (
        <fetcher.Form method="post" className="form card thread__form" data-testid="thread-form" {...form.props}>
          <h3 className="thread__write">{t("thread.write")}</h3>
          <input type="hidden" name="intent" value={THREAD_INTENT} />
          {sent ? (
            <p className="alert alert--success" role="status" data-testid="thread-sent">
              <Icon name="check" /> {t("thread.sent")}
            </p>
          ) : null}
          <FormError form={form} />
          <Field field={fields.body} label={t("thread.body")} hint={t("thread.body_hint", { max: COMMENT_MAX_LENGTH })}>
            {(p) => <textarea {...p} rows={4} maxLength={COMMENT_MAX_LENGTH} data-testid="thread-body" />}
          </Field>
          <DropZone
            field={fields.attachmentIds}
            label={t("thread.files")}
            hint={t("thread.files_hint")}
            value={files}
            onChange={setFiles}
            onBusyChange={setUploading}
            config={{ params: { purpose: "document" }, maxFiles: COMMENT_MAX_FILES, multiple: true }}
          />
          {thread.isStaff ? (
            <fieldset className="choice thread__visibility" data-testid="thread-visibility">
              <legend>{t("thread.visibility")}</legend>
              <label className="choice__option">
                <input
                  type="radio"
                  name={fields.visibility.name}
                  value="participants"
                  defaultChecked={fields.visibility.defaultValue !== "internal"}
                />
                <span>
                  {t(`${words}.to_participants`)}
                  <small>{t(`${words}.to_participants_hint`)}</small>
                </span>
              </label>
              <label className="choice__option choice__option--internal">
                <input
                  type="radio"
                  name={fields.visibility.name}
                  value="internal"
                  defaultChecked={fields.visibility.defaultValue === "internal"}
                  data-testid="thread-internal"
                />
                <span>
                  <Icon name="shield" size={16} /> {t("thread.to_internal")}
                  <small>{t(`${words}.to_internal_hint`)}</small>
                </span>
              </label>
            </fieldset>
          ) : null}
          <button
            type="submit"
            className="button"
            disabled={fetcher.state !== "idle" || isUploading}
            data-testid="thread-send"
          >
            {t("thread.send")}
          </button>
        </fetcher.Form>
      ) : (
        <p className="alert" role="status" data-testid="thread-closed">
          <Icon name="info" /> {t("thread.read_only")}
        </p>
      )}
    </section>
  );
}

/** One comment: who (name and side), when, the text as text, the files; an internal note marked. */
function Comment({
  comment: c,
  isFirstUnread,
  words,
}: {
  comment: TThreadComment;
  isFirstUnread: boolean;
  words: string;
}) {
  const { t, locale } = useT();
  const isInternal = c.visibility === "internal";
  const who = c.author.isMe ? t("thread.you") : (c.author.name ?? t("thread.author_removed"));
  return (
    <li
      className={`comment comment--${c.author.side}${isInternal ? " comment--internal" : ""}`}
      data-testid="comment"
      data-comment-id={c.id}
    >
      {isFirstUnread ? (
        <p className="thread__new" data-testid="thread-new">
          {t("thread.new_since")}
        </p>
      ) : null}
      <div className="comment__head">
        <strong className="comment__author">{who}</strong>
        <span className="comment__side">{t(`${words}.side.${c.author.side}`)}</span>
        <time className="comment__time" dateTime={c.createdAt}>
          {formatDate(locale, c.createdAt, true)}
        </time>
      </div>
      {isInternal ? (
        <p className="comment__internal" data-testid="comment-internal">
          <Icon name="shield" size={16} /> <strong>{t("thread.internal_badge")}</strong>
          {` — ${t(`${words}.internal_hint`)}`}
        </p>
      ) : null}
      <p className="comment__body">{c.body}</p>
      {c.attachments.length ? (
        <ul className="comment__files" aria-label={t("thread.attachments")}>
          {c.attachments.map((f) => (
            <li key={f.id}>
              <a className="comment__file" href={f.url} target="_blank" rel="noreferrer">
                <Icon name={f.type.startsWith("image/") ? "image" : "file"} size={16} /> {f.name}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}
