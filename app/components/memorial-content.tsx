import { MEMORIAL_EPITAPH_MAX, MEMORIAL_VISIBILITIES } from "../../common/memorials.ts";
import type { TFieldMeta } from "../lib/form.ts";
import { useT } from "../lib/hooks.ts";
import { FieldMessage } from "./field-message.tsx";
import { Field } from "./form.tsx";
import { RichTextEditor } from "./rich-text-editor.tsx";

/** The content fields of a memorial's form (`ZMemorialCreate`, `ZMemorialUpdate`), as `useSchemaForm` gives them. */
export type TMemorialContentFields = {
  epitaphRu: TFieldMeta;
  epitaphKk: TFieldMeta;
  biographyRu: TFieldMeta;
  biographyKk: TFieldMeta;
  achievementsRu: TFieldMeta;
  achievementsKk: TFieldMeta;
  videoLinks: TFieldMeta;
  visibility: TFieldMeta;
  noindex: TFieldMeta;
};

/** A list's saved value as the form's text: one item a line. */
export const linesOf = (items: readonly string[]) => items.join("\n");

/**
 * The memorial's content in Russian and Kazakh (either may be empty: the page shows the visitor's
 * language and falls back to the other), the video links (shown as links, never embedded), and
 * who sees it. `canPublish` false: the 40-day rule keeps "public" out of reach; `canChangeVisibility`
 * false (a co-manager): the visibility is shown, not changed.
 */
export function MemorialContentFields({
  fields,
  canPublish,
  canChangeVisibility = true,
}: {
  fields: TMemorialContentFields;
  canPublish: boolean;
  canChangeVisibility?: boolean;
}) {
  const { t } = useT();
  const chosen = fields.visibility.defaultValue ?? "link";
  const langs = [
    ["Ru", "ru"],
    ["Kk", "kk"],
  ] as const;
  return (
    <>
      <fieldset className="field" data-testid="memorial-visibility">
        <legend className="field__label">{t("memorial_form.visibility")}</legend>
        <div className="choice">
          {MEMORIAL_VISIBILITIES.map((v) => (
            <label key={v} className="choice__option">
              <input
                type="radio"
                name={fields.visibility.name}
                value={v}
                defaultChecked={chosen === v}
                disabled={!canChangeVisibility || (v === "public" && !canPublish && chosen !== "public")}
                data-testid={`visibility-${v}`}
              />
              <span>
                {t(`memorial.visibility.${v}`)}
                <small>{t(`memorial_form.visibility_hint.${v}`)}</small>
              </span>
            </label>
          ))}
        </div>
        {!canPublish ? <p className="field__hint">{t("memorial_form.recent_hint")}</p> : null}
        {!canChangeVisibility ? (
          <>
            <input type="hidden" name={fields.visibility.name} value={chosen} />
            <p className="field__hint">{t("memorial_form.owner_only")}</p>
          </>
        ) : null}
        <FieldMessage field={fields.visibility} />
        <label className="check">
          <input
            type="checkbox"
            name={fields.noindex.name}
            defaultChecked={fields.noindex.defaultValue === "on" || fields.noindex.defaultValue === "true"}
            disabled={!canChangeVisibility}
            data-testid="memorial-noindex"
          />
          <span>{t("memorial_form.noindex")}</span>
        </label>
        {!canChangeVisibility && (fields.noindex.defaultValue === "on" || fields.noindex.defaultValue === "true") ? (
          <input type="hidden" name={fields.noindex.name} value="on" />
        ) : null}
      </fieldset>
      {langs.map(([L, l]) => (
        <fieldset key={L} className="field stack" lang={l}>
          <legend className="field__label">{t(`memorial_form.lang_${l}`)}</legend>
          <Field field={fields[`epitaph${L}`]} label={t("memorial_form.epitaph")}>
            {(p) => <textarea {...p} rows={2} maxLength={MEMORIAL_EPITAPH_MAX} data-testid={`epitaph-${l}`} />}
          </Field>
          <RichTextEditor
            id={fields[`biography${L}`].id}
            name={fields[`biography${L}`].name}
            label={t("memorial_form.biography")}
            defaultValue={fields[`biography${L}`].defaultValue ?? ""}
            contentType="html"
            toolbar="essential"
            error={fields[`biography${L}`].errors?.[0]}
          />
          <Field
            field={fields[`achievements${L}`]}
            label={t("memorial_form.achievements")}
            hint={t("memorial_form.one_a_line")}
          >
            {(p) => <textarea {...p} rows={3} />}
          </Field>
        </fieldset>
      ))}
      <Field field={fields.videoLinks} label={t("memorial_form.videos")} hint={t("memorial_form.videos_hint")}>
        {(p) => <textarea {...p} rows={2} inputMode="url" data-testid="memorial-videos" />}
      </Field>
    </>
  );
}
