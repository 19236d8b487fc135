import { Form, Link } from "react-router";
import { CARE_KINDS, CARE_STATUSES } from "../../../common/ennoblement.ts";
import { formatDate } from "../../../common/i18n.ts";
import { placeText } from "../../../common/place-text.ts";
import { parseId } from "../../../common/schemas.ts";
import { CareRow, GraveHistoryList } from "../../components/care.tsx";
import { Icon } from "../../components/icon.tsx";
import { Pager } from "../../components/pager.tsx";
import { StatusBadge } from "../../components/status-badge.tsx";
import { useT } from "../../lib/hooks.ts";
import { listParams, useListParams } from "../../lib/list.ts";
import { orPageError } from "../../lib/page-ids.server.ts";
import { requestContext } from "../../lib/request-context.ts";
import type { Route } from "./+types/manager-list";

export function meta({ location }: Route.MetaArgs) {
  const kk = location.pathname.startsWith("/kk");
  return [{ title: kk ? "Абаттандыру" : "Благоустройство" }];
}

/** The list's filters in the URL: status (`open` by default), cemetery, kind of work, one grave. */
const FILTERS = ["status", "cemeteryId", "kind", "burialId"] as const;

export async function loader({ context, request }: Route.LoaderArgs) {
  const { api } = context.get(requestContext);
  const url = new URL(request.url);
  const query = listParams(url, FILTERS);
  // A filter the list does not know is ignored (the API would refuse it: a 422, not a page).
  const status = query.status ?? "open";
  query.status = (CARE_STATUSES as readonly string[]).includes(status) || status === "open" ? status : undefined;
  if (query.kind && !(CARE_KINDS as readonly string[]).includes(query.kind)) query.kind = undefined;
  for (const k of ["cemeteryId", "burialId"] as const) if (query[k] && !parseId(query[k])) query[k] = undefined;
  const burialId = query.burialId ? parseId(query.burialId) : null;
  const [page, permits, settings, grave] = await orPageError(request, () =>
    Promise.all([
      api.get("/care/requests", { query }),
      api.get("/care/permits", {
        query: { status: "requested", pageSize: "50", ...(query.cemeteryId ? { cemeteryId: query.cemeteryId } : {}) },
      }),
      api.get("/care/settings"),
      // One grave's care (from the plot's records): its requests with their photos, its permits.
      burialId ? api.get("/care/graves/:id", { params: { id: burialId } }) : Promise.resolve(null),
    ]),
  );
  return {
    page,
    permits,
    grave,
    cemeteries: settings.items.map((c) => ({ id: c.cemeteryId, nameRu: c.nameRu, nameKk: c.nameKk })),
  };
}

/**
 * The cemetery's grave care (`/manager/ennoblement`): the permits waiting for a decision (overdue
 * and due today first — decided within one working day), then the requests of the manager's
 * cemeteries, filtered by status, cemetery and kind of work (in the URL), those with an overdue
 * permit first, a page at a time. The season and the price list are set on their own page.
 */
export default function CareManagerList({ loaderData }: Route.ComponentProps) {
  const { t, to, locale } = useT();
  const { page, permits, cemeteries, grave } = loaderData;
  const list = useListParams();
  const status = list.get("status") || "open";
  return (
    <section aria-labelledby="cm-title">
      <div className="page-head">
        <h1 id="cm-title">{t("care_screen.staff_title")}</h1>
        <Link
          className="button button--ghost"
          to={to("/manager/ennoblement/settings")}
          data-testid="care-settings-link"
        >
          <Icon name="pencil" /> {t("care_screen.settings_link")}
        </Link>
      </div>
      <p className="lead">{t("care_screen.staff_lead")}</p>

      {grave ? (
        <section className="card" aria-labelledby="cm-grave" data-testid="care-grave">
          <h2 id="cm-grave" className="card__title">
            {t("care_screen.grave_history")}
          </h2>
          {grave.requests.length || grave.permits.length ? (
            <GraveHistoryList history={grave} staff />
          ) : (
            <p className="muted">{t("care_screen.grave_history_none")}</p>
          )}
        </section>
      ) : null}
      <section className="card" aria-labelledby="cm-permits" data-testid="care-permits-due">
        <h2 id="cm-permits" className="card__title">
          {t("care_screen.permits_due_title", { n: permits.total })}
        </h2>
        {permits.items.length === 0 ? (
          <p className="muted">{t("care_screen.permits_due_none")}</p>
        ) : (
          <ul className="stack">
            {permits.items.map((p) => (
              <li key={p.id} data-testid="care-permit-row">
                <Link to={to(`/manager/ennoblement/permits/${p.id}`)}>
                  {t("care_screen.permit_title", { kind: t(`care.kind.${p.kind}`) })}
                </Link>{" "}
                <StatusBadge kind="care_permit" status={p.status} /> · {p.grave.deceased}{" "}
                <span className="muted">
                  ({placeText(t, { sector: p.grave.sector, row: p.grave.row, number: p.grave.place })})
                </span>
                <br />
                <span className={p.overdue ? "danger-text" : "muted"}>
                  {t(p.overdue ? "care_screen.permit_overdue_since" : "care_screen.permit_due_on", {
                    date: formatDate(locale, p.dueDay),
                  })}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <Form method="get" className="filters card" data-testid="care-filters">
        <label className="field">
          <span className="field__label">{t("care_screen.filter_status")}</span>
          <select name="status" defaultValue={status}>
            <option value="open">{t("care_screen.filter_open")}</option>
            <option value="all">{t("care_screen.filter_all")}</option>
            {CARE_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`care.status.${s}`)}
              </option>
            ))}
          </select>
        </label>
        {cemeteries.length > 1 ? (
          <label className="field">
            <span className="field__label">{t("care_screen.cemetery")}</span>
            <select name="cemeteryId" defaultValue={list.get("cemeteryId")}>
              <option value="">{t("care_screen.filter_any")}</option>
              {cemeteries.map((c) => (
                <option key={c.id} value={c.id}>
                  {locale === "kk" ? c.nameKk : c.nameRu}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <label className="field">
          <span className="field__label">{t("care_screen.kinds")}</span>
          <select name="kind" defaultValue={list.get("kind")}>
            <option value="">{t("care_screen.filter_any")}</option>
            {CARE_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`care.kind.${k}`)}
              </option>
            ))}
          </select>
        </label>
        {list.get("burialId") ? <input type="hidden" name="burialId" value={list.get("burialId")} /> : null}
        <button type="submit" className="button button--ghost">
          {t("care_screen.filter_apply")}
        </button>
      </Form>

      {page.items.length === 0 ? (
        <p className="note" data-testid="care-empty">
          {t("care_screen.staff_none")}
        </p>
      ) : (
        <ul className="cards" data-testid="care-requests">
          {page.items.map((r) => (
            <CareRow key={r.id} r={r} href={`/manager/ennoblement/${r.id}`} />
          ))}
        </ul>
      )}
      <Pager page={page.page} pageSize={page.pageSize} total={page.total} />
    </section>
  );
}
