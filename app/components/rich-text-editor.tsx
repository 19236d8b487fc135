import "quill/dist/quill.snow.css";
import { useEffect, useRef, useState } from "react";
import {
  RICH_TEXT,
  sanitizeLinkUrl,
  type TRichTextContentType,
  type TRichTextTheme,
  type TToolbarPreset,
} from "../../common/rich-text.ts";
import { useT } from "../lib/hooks.ts";

export type TRichTextEditorProps = {
  id: string;
  /** Name of the hidden input carrying the value, for plain forms posted to an action. */
  name: string;
  label: string;
  /** HTML for `html`, a JSON Delta for `delta`, plain text for `text`. */
  defaultValue?: string;
  contentType?: TRichTextContentType;
  theme?: TRichTextTheme;
  toolbar?: TToolbarPreset;
  placeholder?: string;
  error?: string;
  readOnly?: boolean;
  onChange?: (value: string) => void;
};

/** Accessible names for Quill's toolbar buttons, which come without any. */
const BUTTON_LABELS: [selector: string, key: string][] = [
  ["button.ql-bold", "editor.bold"],
  ["button.ql-italic", "editor.italic"],
  ["button.ql-underline", "editor.underline"],
  ["button.ql-strike", "editor.strike"],
  ["button.ql-blockquote", "editor.blockquote"],
  ['button.ql-list[value="ordered"]', "editor.list_ordered"],
  ['button.ql-list[value="bullet"]', "editor.list_bullet"],
  ['button.ql-indent[value="-1"]', "editor.outdent"],
  ['button.ql-indent[value="+1"]', "editor.indent"],
  ["button.ql-link", "editor.link"],
  ["button.ql-clean", "editor.clean"],
  [".ql-header .ql-picker-label", "editor.heading"],
  [".ql-align .ql-picker-label", "editor.align"],
];

/**
 * The rich-text editor (Quill 2, loaded in the browser only). Until it loads, and without
 * JavaScript, a textarea with the same name and value stands in, so the form still works.
 * Links accept only http, https, mailto and tel; anything else becomes `about:blank`. The server
 * sanitizes whatever arrives again (`sanitizeRichText`).
 */
export function RichTextEditor({
  id,
  name,
  label,
  defaultValue = "",
  contentType = RICH_TEXT.defaultContentType,
  theme = RICH_TEXT.defaultTheme,
  toolbar = "essential",
  placeholder,
  error,
  readOnly = false,
  onChange,
}: TRichTextEditorProps) {
  const { t } = useT();
  const host = useRef<HTMLDivElement>(null);
  const [value, setValue] = useState(defaultValue);
  const [isReady, setReady] = useState(false);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const tRef = useRef(t);
  tRef.current = t;
  const errorId = error ? `${id}-error` : undefined;

  // biome-ignore lint/correctness/useExhaustiveDependencies: the editor is created once per mount; later prop changes do not rebuild it
  useEffect(() => {
    let cancelled = false;
    let cleanup = () => {};
    void (async () => {
      const { default: Quill } = await import("quill");
      if (theme === "bubble") await import("quill/dist/quill.bubble.css");
      if (cancelled || !host.current) return;
      // Quill's Link format decides which addresses survive; ours allows the four protocols only.
      const Link = Quill.import("formats/link") as { sanitize: (url: string) => string };
      Link.sanitize = sanitizeLinkUrl;
      const container = document.createElement("div");
      container.id = `${id}-editor`;
      host.current.appendChild(container);
      const quill = new Quill(container, {
        theme,
        readOnly,
        placeholder,
        modules: { toolbar: RICH_TEXT.toolbars[toolbar], history: RICH_TEXT.history },
      });
      // Stored rich text, sanitized by the server when it was saved; Quill parses it in an inert
      // document (DOMParser) and keeps only its own formats, so nothing in it runs.
      if (contentType === "html") quill.clipboard.dangerouslyPasteHTML(defaultValue, "silent");
      else if (contentType === "delta" && defaultValue) {
        try {
          quill.setContents(JSON.parse(defaultValue), "silent");
        } catch {
          quill.setText(defaultValue, "silent");
        }
      } else quill.setText(defaultValue, "silent");
      quill.history.clear();
      const read = () =>
        contentType === "html"
          ? quill.getLength() <= 1
            ? ""
            : quill.getSemanticHTML()
          : contentType === "delta"
            ? JSON.stringify(quill.getContents())
            : quill.getText().trimEnd();
      const changed = () => {
        const next = read();
        setValue(next);
        onChangeRef.current?.(next);
      };
      quill.on("text-change", changed);
      // The editable area is named by the field's label and tied to its error.
      const editable = quill.root;
      editable.setAttribute("aria-labelledby", `${id}-label`);
      editable.setAttribute("aria-multiline", "true");
      editable.setAttribute("role", "textbox");
      if (errorId) {
        editable.setAttribute("aria-invalid", "true");
        editable.setAttribute("aria-describedby", errorId);
      }
      const bar = host.current.querySelector(".ql-toolbar");
      for (const [selector, key] of BUTTON_LABELS) {
        for (const el of bar?.querySelectorAll(selector) ?? []) el.setAttribute("aria-label", tRef.current(key));
      }
      // Quill names its heading choices in English (CSS content); `data-label` replaces them.
      for (const item of bar?.querySelectorAll<HTMLElement>(".ql-header .ql-picker-item") ?? []) {
        const level = item.getAttribute("data-value");
        item.setAttribute(
          "data-label",
          level ? tRef.current("editor.heading_n", { n: level }) : tRef.current("editor.normal"),
        );
      }
      bar?.querySelector(".ql-header .ql-picker-label")?.setAttribute("data-label", tRef.current("editor.normal"));
      setValue(read());
      setReady(true);
      cleanup = () => {
        quill.off("text-change", changed);
        host.current?.replaceChildren();
      };
    })();
    return () => {
      cancelled = true;
      cleanup();
    };
  }, []);

  return (
    <div className={`field rich-editor${error ? " field--error" : ""}`}>
      <label id={`${id}-label`} htmlFor={isReady ? undefined : `${id}-fallback`} className="field__label">
        {label}
      </label>
      {isReady ? (
        <input type="hidden" name={name} value={value} />
      ) : (
        <textarea
          id={`${id}-fallback`}
          name={name}
          className="rich-editor__fallback"
          defaultValue={defaultValue}
          rows={8}
          placeholder={placeholder}
          aria-invalid={error ? true : undefined}
          aria-describedby={errorId}
          readOnly={readOnly}
          onChange={(e) => {
            setValue(e.target.value);
            onChange?.(e.target.value);
          }}
        />
      )}
      <div ref={host} className="rich-editor__host" hidden={!isReady} />
      {error ? (
        <p className="field__error" id={errorId} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
