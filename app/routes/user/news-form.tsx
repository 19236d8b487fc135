import { useState } from "react";
import { Form, Link, redirect, useActionData, useNavigation } from "react-router";
import type { TNewsAdmin, TUploadFile } from "../../../common/api-types.ts";
import { localizePath } from "../../../common/locale.ts";
import { NEWS_CATEGORY_VALUES } from "../../../common/schemas.ts";
import { DropZone } from "../../components/drop-zone.tsx";
import { describedBy, Field } from "../../components/form.tsx";
import { Icon } from "../../components/icon.tsx";
import { RichTextEditor } from "../../components/rich-text-editor.tsx";
import { callApi, str } from "../../lib/actions.server.ts";
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
    item: await orPageError(request, () => context.get(requestContext).api.get<TNewsAdmin>(`/akimat/news/${id}`)),
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const rc = context.get(requestContext);
  const form = await request.formData();
  const id = Number(new URL(request.url).searchParams.get("id"));
  const body = {
    category: str(form, "category") || undefined,
    titleRu: str(form, "titleRu"),
    titleKk: str(form, "titleKk"),
    contentRu: str(form, "contentRu"),
    contentKk: str(form, "contentKk"),
    coverId: str(form, "coverId") || null,
    attachmentId: str(form, "attachmentId") || null,
  };
  const result = await callApi(() =>
    id ? rc.api.put<TNewsAdmin>(`/akimat/news/${id}`, body) : rc.api.post<TNewsAdmin>("/akimat/news", body),
  );
  if (!result.ok) return result.response;
  return redirect(localizePath(`/user/news/${result.value.id}`, rc.locale));
}

/** Write or edit a news item in both languages, with a cover photo and a PDF; saved as a draft. */
export default function NewsForm({ loaderData }: Route.ComponentProps) {
  const { t, to } = useT();
  const item = loaderData.item;
  const actionData = useActionData() as { error?: { message: string; fields: Record<string, string> } } | undefined;
  const errors = actionData?.error?.fields ?? {};
  const busy = useNavigation().state !== "idle";
  const [cover, setCover] = useState<TUploadFile[]>(item?.cover ? [item.cover] : []);
  const [attachment, setAttachment] = useState<TUploadFile[]>(item?.attachment ? [item.attachment] : []);
  const [uploading, setUploading] = useState({ cover: false, attachment: false });

  const title = (lang: "Ru" | "Kk") => {
    const name = `title${lang}`;
    const id = `nf-${name}`;
    return (
      <Field id={id} label={t(`user.news.title_${lang.toLowerCase()}`)} error={errors[name]}>
        <input
          id={id}
          name={name}
          defaultValue={item?.[name as "titleRu"] ?? ""}
          maxLength={200}
          lang={lang.toLowerCase()}
          aria-invalid={errors[name] ? true : undefined}
          aria-describedby={describedBy(id, undefined, errors[name])}
        />
      </Field>
    );
  };
  const content = (lang: "Ru" | "Kk") => {
    const name = `content${lang}`;
    return (
      <RichTextEditor
        id={`nf-${name}`}
        name={name}
        label={t(`user.news.content_${lang.toLowerCase()}`)}
        defaultValue={item?.[name as "contentRu"] ?? ""}
        contentType="html"
        toolbar="essential"
        error={errors[name]}
      />
    );
  };

  return (
    <section aria-labelledby="nf-title">
      <p>
        <Link to={to(item ? `/user/news/${item.id}` : "/user/news")}>← {t("user.news.back")}</Link>
      </p>
      <h1 id="nf-title">{item ? t("user.news.form_edit") : t("user.news.form_new")}</h1>
      {actionData?.error ? (
        <p className="alert alert--error" role="alert">
          <Icon name="alert" /> {actionData.error.message}
        </p>
      ) : null}
      <p className="muted">{t("user.news.languages_hint")}</p>
      <Form method="post" noValidate className="stack" data-testid="news-form">
        <Field id="nf-category" label={t("user.news.category")} error={errors.category}>
          <select id="nf-category" name="category" defaultValue={item?.category ?? "announcements"}>
            {NEWS_CATEGORY_VALUES.map((c) => (
              <option key={c} value={c}>
                {t(`news.category.${c}`)}
              </option>
            ))}
          </select>
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
          name="coverId"
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
          name="attachmentId"
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
        {errors.attachmentId ? <p className="field__error">{errors.attachmentId}</p> : null}
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
