import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { redirectTo } from "../../lib/redirect.server.ts";
import type { TUploadFile } from "../../../common/api-types.ts";
import { localizePath } from "../../../common/locale.ts";
import { NEWS_CATEGORY_VALUES } from "../../../common/api-types.ts";
import { parseId } from "../../../common/schemas.ts";
import { DropZone } from "../../components/drop-zone.tsx";
import { Field, FormError, TextField } from "../../components/form.tsx";
import { RichTextEditor } from "../../components/rich-text-editor.tsx";
import { useSchemaForm } from "../../lib/form.ts";
import { submitForm } from "../../lib/form.server.ts";
import { useT } from "../../lib/hooks.ts";
import { requestContext } from "../../lib/request-context.ts";
import type { Route } from "./+types/news-form";
import { orPageError, pageId } from "../../lib/page-ids.server.ts";

export function meta({ location }: Route.MetaArgs) {
  return [{ title: location.pathname.startsWith("/kk") ? "Жаңалық" : "Новость" }];
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const raw = new URL(request.url).searchParams.get("id");
  if (!raw) return { item: null };
  const id = pageId(raw, request);
  return {
    item: await orPageError(request, () => context.get(requestContext).api.get("/akimat/news/:id", { params: { id } })),
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const rc = context.get(requestContext);
  const id = parseId(new URL(request.url).searchParams.get("id"));
  const sent = await submitForm(request, "ZNewsInput", rc.locale, (body) =>
    id ? rc.api.put("/akimat/news/:id", { params: { id }, body }) : rc.api.post("/akimat/news", { body }),
  );
  if (!sent.ok) return sent.response;
  return redirectTo(localizePath(`/user/news/${sent.value.id}`, rc.locale));
}

/** Write or edit a news item in both languages, with a cover photo and a PDF; saved as a draft. */
export default function NewsForm({ loaderData, actionData }: Route.ComponentProps) {
  const { t, to } = useT();
  const item = loaderData.item;
  const busy = useNavigation().state !== "idle";
  const [cover, setCover] = useState<TUploadFile[]>(item?.cover ? [item.cover] : []);
  const [attachment, setAttachment] = useState<TUploadFile[]>(item?.attachment ? [item.attachment] : []);
  const [uploading, setUploading] = useState({ cover: false, attachment: false });
  const { form, fields } = useSchemaForm("ZNewsInput", {
    id: "nf",
    lastResult: actionData?.form,
    defaultValue: item ?? { category: "announcements" },
  });

  const title = (lang: "Ru" | "Kk") => (
    <TextField
      field={fields[`title${lang}`]}
      label={t(`user.news.title_${lang.toLowerCase()}`)}
      maxLength={200}
      lang={lang.toLowerCase()}
    />
  );
  const content = (lang: "Ru" | "Kk") => {
    const field = fields[`content${lang}`];
    return (
      <RichTextEditor
        id={field.id}
        name={field.name}
        label={t(`user.news.content_${lang.toLowerCase()}`)}
        defaultValue={field.defaultValue ?? ""}
        contentType="html"
        toolbar="essential"
        error={field.errors?.[0]}
      />
    );
  };

  return (
    <section aria-labelledby="nf-title">
      <p>
        <Link to={to(item ? `/user/news/${item.id}` : "/user/news")}>← {t("user.news.back")}</Link>
      </p>
      <h1 id="nf-title">{item ? t("user.news.form_edit") : t("user.news.form_new")}</h1>
      <FormError form={form} />
      <p className="muted">{t("user.news.languages_hint")}</p>
      <Form method="post" className="stack" data-testid="news-form" {...form.props}>
        <Field field={fields.category} label={t("user.news.category")}>
          {(p) => (
            <select {...p}>
              {NEWS_CATEGORY_VALUES.map((c) => (
                <option key={c} value={c}>
                  {t(`news.category.${c}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <fieldset lang="ru">
          <legend>{t("user.news.lang_ru")}</legend>
          {title("Ru")}
          {content("Ru")}
        </fieldset>
        <fieldset lang="kk">
          <legend>{t("user.news.lang_kk")}</legend>
          {title("Kk")}
          {content("Kk")}
        </fieldset>
        <DropZone
          field={fields.coverId}
          label={t("user.news.cover")}
          value={cover}
          onChange={setCover}
          onBusyChange={(b) => setUploading((u) => ({ ...u, cover: b }))}
          config={{
            params: { purpose: "photo" },
            maxFiles: 1,
          }}
        />
        <DropZone
          field={fields.attachmentId}
          label={t("user.news.attachment")}
          hint={t("user.news.attachment_hint")}
          value={attachment}
          onChange={setAttachment}
          onBusyChange={(b) => setUploading((u) => ({ ...u, attachment: b }))}
          config={{
            params: { purpose: "document" },
            acceptedFiles: ["application/pdf"],
            maxFiles: 1,
          }}
        />
        <p className="muted">
          {uploading.cover || uploading.attachment ? t("user.news.uploading") : t("user.news.draft_note")}
        </p>
        <div className="form-actions">
          <button
            type="submit"
            className="button"
            disabled={busy || uploading.cover || uploading.attachment}
            data-testid="save-news"
          >
            {t("user.news.save")}
          </button>
          <Link to={to("/user/news")} className="button button--ghost">
            {t("common.cancel")}
          </Link>
        </div>
      </Form>
    </section>
  );
}
