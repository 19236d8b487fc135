import { Form, Link, useNavigation, useSearchParams } from "react-router";
import { formatDate } from "../../common/i18n.ts";
import { localizePath } from "../../common/locale.ts";
import { Icon } from "../components/icon.tsx";
import { Pager } from "../components/pager.tsx";
import { str, submitAction } from "../lib/form.server.ts";
import { useT } from "../lib/hooks.ts";
import { requestContext } from "../lib/request-context.ts";
import type { Route } from "./+types/notifications";
import { pageNumber } from "../../common/schemas.ts";

export function meta({ location }: Route.MetaArgs) {
  return [{ title: location.pathname.startsWith("/kk") ? "Хабарландырулар" : "Уведомления" }];
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const rc = context.get(requestContext);
  const url = new URL(request.url);
  return rc.api.get("/notifications", {
    query: {
      page: pageNumber(url.searchParams.get("page")),
      unread: url.searchParams.get("unread") === "1" ? "1" : undefined,
    },
  });
}

export async function action({ context, request }: Route.ActionArgs) {
  const rc = context.get(requestContext);
  const form = await request.formData();
  const intent = str(form, "intent");
  const result = await submitAction(async () => {
    if (intent === "read-all") await rc.api.post("/notifications/read-all");
    else await rc.api.post("/notifications/:id/read", { params: { id: Number(str(form, "id")) } });
  });
  return result.ok ? { done: true } : result.response;
}

/** The signed-in user's notifications, for every role. */
export default function Notifications({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useT();
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const onlyUnread = params.get("unread") === "1";
  const { items, unread } = loaderData;
  return (
    <section aria-labelledby="n-title">
      <div className="page-head">
        <h1 id="n-title">{t("notifications.title")}</h1>
        <div className="page-head__actions">
          <Form method="get" className="inline-form">
            <label className="check">
              <input
                type="checkbox"
                name="unread"
                value="1"
                defaultChecked={onlyUnread}
                onChange={(e) => e.currentTarget.form?.requestSubmit()}
              />
              <span>{t("notifications.only_unread")}</span>
            </label>
            <noscript>
              <button type="submit" className="button button--small">
                {t("common.apply")}
              </button>
            </noscript>
          </Form>
          {unread > 0 ? (
            <Form method="post">
              <input type="hidden" name="intent" value="read-all" />
              <button
                type="submit"
                className="button button--small"
                disabled={navigation.state !== "idle"}
                data-testid="read-all"
              >
                <Icon name="check" /> {t("notifications.read_all")}
              </button>
            </Form>
          ) : null}
        </div>
      </div>
      <p className="muted" data-testid="unread-summary">
        {t("notifications.unread_count", { count: unread })}
      </p>
      {items.length === 0 ? (
        <div className="empty">
          <Icon name="bell" size={32} />
          <p>{onlyUnread ? t("notifications.empty_unread") : t("notifications.empty")}</p>
        </div>
      ) : (
        <ul className="notification-list" data-testid="notification-list">
          {items.map((n) => (
            <li key={n.id} className={n.isRead ? "notification is-read" : "notification is-unread"}>
              <span className="notification__status">
                <span className="dot" aria-hidden="true" />
                <span className="visually-hidden">
                  {n.isRead ? t("notifications.read") : t("notifications.unread")}
                </span>
              </span>
              <div className="notification__body">
                <p className="notification__text">
                  {n.link ? <Link to={localizePath(n.link, locale)}>{n.text}</Link> : n.text}
                </p>
                <time dateTime={n.createdAt} className="muted">
                  {formatDate(locale, n.createdAt, true)}
                </time>
              </div>
              {!n.isRead ? (
                <Form method="post">
                  <input type="hidden" name="intent" value="read" />
                  <input type="hidden" name="id" value={n.id} />
                  <button type="submit" className="button button--ghost button--small">
                    {t("notifications.mark_read")}
                  </button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <Pager page={loaderData.page} pageSize={loaderData.pageSize} total={loaderData.total} />
    </section>
  );
}
