import { useState } from "react";
import { Form, useNavigation } from "react-router";
import type { TUploadFile } from "../../common/api-types.ts";
import { formatDate } from "../../common/i18n.ts";
import type { TReview } from "../../common/review-schemas.ts";
import { MAX_REVIEW_PHOTOS, REVIEW_RATINGS, REVIEW_TEXT_MAX } from "../../common/reviews.ts";
import { type TFieldMeta, type TFormReply, useSchemaForm } from "../lib/form.ts";
import { useT } from "../lib/hooks.ts";
import { FieldMessage } from "./field-message.tsx";
import { Field, FormError } from "./form.tsx";
import { Icon } from "./icon.tsx";
import { LazyDropZone as DropZone } from "./lazy-drop-zone.tsx";

/** The intents of the review form's posts, which `reviewFormAction` (`app/lib/reviews.server.ts`) answers. */
export const REVIEW_INTENTS = { create: "review-create", edit: "review-edit" } as const;
export type TReviewIntent = (typeof REVIEW_INTENTS)[keyof typeof REVIEW_INTENTS];

/**
 * What `reviewFormAction` answers: which form (a new review of `lineId`, or the edit of review
 * `id`), whether it was saved, the form's answer (messages next to the fields, what was typed).
 */
export type TReviewReply = {
  intent: TReviewIntent;
  lineId: number | null;
  id: number | null;
  done: boolean;
  form: TFormReply;
};

type TProps = {
  /** The action's answer (`actionData`), when the page's action is `reviewFormAction`. */
  answer?: TReviewReply | null | unknown;
  /** Prefix of the fields' ids (distinct per form on a page of several). */
  prefix?: string;
} & (
  | {
      /** A new review of this done line of the family's order. */
      lineId: number;
      review?: never;
    }
  | {
      /** The edit of this review (its author's, while the supplier has not replied). */
      review: Pick<TReview, "id" | "rating" | "text" | "photos" | "editableUntil">;
      lineId?: never;
    }
);

const isReply = (a: unknown): a is TReviewReply =>
  typeof a === "object" && a !== null && "intent" in a && "form" in a && "done" in a;

/**
 * The family's review of a done line: stars 1–5 (a group of radio buttons, each named «N звёзд»),
 * the text, up to 5 photos through the drop zone. Without `review` it writes a new review of
 * `lineId`; with it, it edits that review (back to moderation). The page's action passes the post
 * to `reviewFormAction` (`app/lib/reviews.server.ts`), and the answer back as `answer`.
 *
 * ```tsx
 * <ReviewForm lineId={line.id} answer={actionData} prefix={`rv${line.id}`} />
 * <ReviewForm review={r} answer={actionData} prefix={`re${r.id}`} />
 * ```
 */
export function ReviewForm(props: TProps) {
  const reply = isReply(props.answer) ? props.answer : null;
  const mine =
    reply &&
    (props.review
      ? reply.intent === REVIEW_INTENTS.edit && reply.id === props.review.id
      : reply.intent === REVIEW_INTENTS.create && reply.lineId === props.lineId)
      ? reply
      : null;
  return props.review ? (
    <EditForm review={props.review} mine={mine} prefix={props.prefix ?? `re${props.review.id}`} />
  ) : (
    <CreateForm lineId={props.lineId as number} mine={mine} prefix={props.prefix ?? `rv${props.lineId}`} />
  );
}

function CreateForm({ lineId, mine, prefix }: { lineId: number; mine: TReviewReply | null; prefix: string }) {
  const { t } = useT();
  const { form, fields } = useSchemaForm("ZReviewCreate", {
    id: prefix,
    // After a success the action's reply is `{ initialValue: null }` (emptied): one object, not one per render.
    lastResult: mine?.form,
  });
  if (mine?.done) {
    return (
      <p className="alert alert--success" role="status" data-testid="review-sent">
        <Icon name="check" /> {t("review_form.sent")}
      </p>
    );
  }
  return (
    <ReviewFields
      title={t("review_form.title_new")}
      form={form}
      fields={fields}
      intent={REVIEW_INTENTS.create}
      hidden={{ lineId: String(lineId) }}
      submit={t("review_form.submit")}
      prefix={prefix}
      photos={[]}
    />
  );
}

function EditForm({
  review,
  mine,
  prefix,
}: {
  review: Pick<TReview, "id" | "rating" | "text" | "photos" | "editableUntil">;
  mine: TReviewReply | null;
  prefix: string;
}) {
  const { t, locale } = useT();
  const { form, fields } = useSchemaForm("ZReviewEdit", {
    id: prefix,
    lastResult: mine?.done ? undefined : mine?.form,
    defaultValue: { rating: String(review.rating), text: review.text },
  });
  return (
    <>
      {mine?.done ? (
        <p className="alert alert--success" role="status" data-testid="review-saved">
          <Icon name="check" /> {t("review_form.saved")}
        </p>
      ) : null}
      <ReviewFields
        title={t("review_form.title_edit")}
        form={form}
        fields={fields}
        intent={REVIEW_INTENTS.edit}
        hidden={{ id: String(review.id) }}
        submit={t("review_form.save")}
        prefix={prefix}
        photos={review.photos}
        note={t("review_form.until", { date: formatDate(locale, review.editableUntil) })}
      />
    </>
  );
}

type TForm = ReturnType<typeof useSchemaForm<"ZReviewCreate">>["form"];

function ReviewFields({
  title,
  form,
  fields,
  intent,
  hidden,
  submit,
  prefix,
  photos,
  note,
}: {
  title: string;
  form: TForm;
  fields: { rating: TFieldMeta; text: TFieldMeta; photoIds: TFieldMeta };
  intent: TReviewIntent;
  hidden: Record<string, string>;
  submit: string;
  prefix: string;
  photos: TUploadFile[];
  note?: string;
}) {
  const { t } = useT();
  const busy = useNavigation().state !== "idle";
  const [files, setFiles] = useState<TUploadFile[]>(photos);
  const [uploading, setUploading] = useState(false);
  const chosen = fields.rating.defaultValue;
  const ratingHint = `${fields.rating.id}-hint`;
  return (
    <Form method="post" className="form stack" data-testid={`review-form-${prefix}`} {...form.props}>
      <h3>{title}</h3>
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(hidden).map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      <FormError form={form} />
      {note ? <p className="field__hint">{note}</p> : null}
      <fieldset
        className="field"
        aria-describedby={[ratingHint, fields.rating.errors ? fields.rating.errorId : ""].filter(Boolean).join(" ")}
        data-testid="review-rating"
      >
        <legend className="field__label">{t("review_form.rating")}</legend>
        <div className="star-input" id={fields.rating.id}>
          {REVIEW_RATINGS.map((n) => (
            <label key={n} className="star-input__option" title={t("review.stars", { count: n })}>
              <input
                type="radio"
                name={fields.rating.name}
                value={n}
                defaultChecked={chosen === String(n)}
                aria-label={t("review.stars", { count: n })}
                aria-invalid={fields.rating.errors ? true : undefined}
                required
              />
              <span aria-hidden="true">★</span>
            </label>
          ))}
        </div>
        <p className="field__hint" id={ratingHint}>
          {t("review_form.rating_hint")}
        </p>
        <FieldMessage field={fields.rating} />
      </fieldset>
      <Field field={fields.text} label={t("review_form.text")} hint={t("review_form.text_hint")} required>
        {(p) => <textarea {...p} rows={5} maxLength={REVIEW_TEXT_MAX} data-testid="review-text" />}
      </Field>
      <DropZone
        field={fields.photoIds}
        label={t("review_form.photos")}
        hint={t("review_form.photos_hint")}
        value={files}
        onChange={setFiles}
        onBusyChange={setUploading}
        config={{
          params: { purpose: "photo" },
          acceptedFiles: ["image/jpeg", "image/png", "image/webp"],
          maxFileSize: 10_000_000,
          maxFiles: MAX_REVIEW_PHOTOS,
          multiple: true,
        }}
      />
      <button type="submit" className="button" disabled={busy || uploading} data-testid="review-submit">
        <Icon name="check" /> {submit}
      </button>
    </Form>
  );
}
