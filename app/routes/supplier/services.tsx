import { Link, useLocation } from "react-router";
import {
  ITEM_MOVE_FORMS,
  type ItemMove,
  SUPPLIER_ITEM_MOVES,
  SUPPLIER_TAB_NAMES,
  type SupplierTab,
} from "../../../common/catalog.ts";
import type { TMoveForms } from "../../../common/move-forms.ts";
import { Price } from "../../components/catalog-price.tsx";
import { ModerationNotes } from "../../components/catalog-item.tsx";
import { Icon } from "../../components/icon.tsx";
import { MoveForms } from "../../components/move-forms.tsx";
import { Pager } from "../../components/pager.tsx";
import { StatusBadge } from "../../components/status-badge.tsx";
import { useT } from "../../lib/hooks.ts";
import { listParams } from "../../lib/list.ts";
import { moveAction } from "../../lib/moves.server.ts";
import { requestContext } from "../../lib/request-context.ts";
import type { Route } from "./+types/services";

export function meta({ location }: Route.MetaArgs) {
  return [{ title: location.pathname.startsWith("/kk") ? "Тауарлар мен қызметтер" : "Товары и услуги" }];
}

/** The tab of the path (`/supplier/services/<tab>`). */
const tabOf = (pathname: string): SupplierTab =>
  SUPPLIER_TAB_NAMES.find((tab) => pathname.endsWith(`/services/${tab}`)) ?? "active";

export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  return context.get(requestContext).api.get("/catalog/own", {
    query: { ...listParams(url), tab: tabOf(url.pathname) },
  });
}

export async function action({ context, request }: Route.ActionArgs) {
  const rc = context.get(requestContext);
  return moveAction(request, rc.locale, {
    forms: ITEM_MOVE_FORMS as TMoveForms<ItemMove>,
    moves: SUPPLIER_ITEM_MOVES,
    send: (move, body, id) => rc.api.post("/catalog/items/:id/moves/:move", { params: { id, move }, body }),
  });
}

/** The supplier's items, one tab per state with its count; each with its moderation and the moves allowed now. */
export default function SupplierServices({ loaderData, actionData }: Route.ComponentProps) {
  const { t, to, locale } = useT();
  const tab = tabOf(useLocation().pathname);
  const { items, counts, companyActive } = loaderData;
  return (
    <section aria-labelledby="ss-title">
      <div className="page-head">
        <h1 id="ss-title">{t("catalog_supplier.title")}</h1>
        <Link to={to("/supplier/services/add-service")} className="button" data-testid="add-service">
          <Icon name="plus" /> {t("catalog_supplier.add")}
        </Link>
      </div>
      <p className="lead">{t("catalog_supplier.lead")}</p>
      {!companyActive ? <p className="alert alert--info">{t("catalog_supplier.company_pending")}</p> : null}
      {actionData?.done ? (
        <p className="alert alert--success" role="status" data-testid="services-done">
          {t(`catalog_supplier.done.${actionData.move}`)}
        </p>
      ) : null}
      <nav className="tabs" aria-label={t("catalog_supplier.tabs")}>
        {SUPPLIER_TAB_NAMES.map((name) => (
          <Link
            key={name}
            to={to(`/supplier/services/${name}`)}
            className={`tabs__item${name === tab ? " is-current" : ""}`}
            aria-current={name === tab ? "page" : undefined}
            data-testid={`tab-${name}`}
          >
            {t(`catalog_supplier.tab.${name}`)} <span className="tabs__count">{counts[name]}</span>
          </Link>
        ))}
      </nav>
      {items.length === 0 ? (
        <div className="empty">
          <Icon name="truck" size={32} />
          <p>{t(`catalog_supplier.empty.${tab}`)}</p>
        </div>
      ) : (
        <ul className="cards" data-testid="own-services">
          {items.map((item) => (
            <li key={item.id} className="card" data-testid={`own-service-${item.id}`}>
              <div className="card__head">
                <h2 className="card__title">{locale === "kk" ? item.nameKk : item.nameRu}</h2>
                <StatusBadge kind="catalog" status={item.status} />
              </div>
              {item.photos[0] ? (
                <img className="own-service__photo" src={item.photos[0].url} alt="" loading="lazy" />
              ) : null}
              <p className="muted">
                {t(`catalog.category.${item.category}`)} · {t(`catalog.kind.${item.kind}`)} · {item.city}
              </p>
              <p>
                <Price price={item.price} unit={item.unit} />
                {item.available ? null : <span className="muted"> · {t("catalog.unavailable")}</span>}
              </p>
              <ModerationNotes item={item} />
              <p className="card__actions">
                {item.status !== "consideration" && item.status !== "blocked" ? (
                  <Link
                    to={to(`/supplier/services/add-service/${item.id}`)}
                    className="button button--ghost button--small"
                    data-testid="edit-service"
                  >
                    <Icon name="pencil" size={16} /> {t("catalog_supplier.edit")}
                  </Link>
                ) : null}
                {item.status === "active" ? (
                  <Link to={to(`/services/${item.id}`)} className="button button--ghost button--small">
                    <Icon name="globe" size={16} /> {t("catalog_supplier.open_public")}
                  </Link>
                ) : null}
              </p>
              <MoveForms
                inline
                small
                moves={item.moves}
                forms={ITEM_MOVE_FORMS}
                answer={actionData}
                id={item.id}
                prefix={`i${item.id}`}
                views={{
                  submit: {
                    label: t("catalog_supplier.submit"),
                    icon: "check",
                    done: t("catalog_supplier.done.submit"),
                  },
                  hide: { label: t("catalog_supplier.hide"), ghost: true, done: t("catalog_supplier.done.hide") },
                  show: { label: t("catalog_supplier.show"), done: t("catalog_supplier.done.show") },
                  withdraw_revision: {
                    label: t("catalog_supplier.withdraw_revision"),
                    ghost: true,
                    confirm: {
                      summary: t("catalog_supplier.withdraw_revision"),
                      warning: t("catalog_supplier.withdraw_confirm"),
                    },
                    done: t("catalog_supplier.done.withdraw_revision"),
                  },
                }}
              />
            </li>
          ))}
        </ul>
      )}
      <Pager page={loaderData.page} pageSize={loaderData.pageSize} total={loaderData.total} />
    </section>
  );
}
