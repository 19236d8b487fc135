import { Link } from "react-router";
import { CemeteryCounts } from "../../components/cemetery-counts.tsx";
import { Icon } from "../../components/icon.tsx";
import { useT } from "../../lib/hooks.ts";
import { requestContext } from "../../lib/request-context.ts";
import type { Route } from "./+types/cemeteries";

export function meta({ location }: Route.MetaArgs) {
  return [{ title: location.pathname.startsWith("/kk") ? "Зираттар" : "Кладбища" }];
}

export async function loader({ context }: Route.LoaderArgs) {
  return context.get(requestContext).api.get("/cemeteries");
}

/** Admin: every cemetery with its free, reserved and occupied places. */
export default function Cemeteries({ loaderData }: Route.ComponentProps) {
  const { t, to } = useT();
  return (
    <section aria-labelledby="cemeteries-title">
      <div className="page-head">
        <h1 id="cemeteries-title">{t("admin_cemetery.title")}</h1>
        <Link to={to("/admin/cemetery/form")} className="button" data-testid="new-cemetery">
          <Icon name="plus" /> {t("admin_cemetery.new")}
        </Link>
      </div>
      {loaderData.items.length === 0 ? <p className="note">{t("admin_cemetery.none")}</p> : null}
      <ul className="cemetery-counts" data-testid="admin-cemeteries">
        {loaderData.items.map((c) => (
          <li key={c.id} className="card">
            <h2 className="card__title">
              <Link to={to(`/admin/cemetery/${c.id}`)}>{c.name}</Link>
            </h2>
            <p className="muted">
              {c.city} · {t(`religion.${c.religion}`)} · {t(`cemetery_status.${c.status}`)}
            </p>
            <CemeteryCounts counts={c.counts} />
            <p className="row-actions">
              <Link to={to(`/admin/cemetery/form?id=${c.id}`)} className="button button--ghost button--small">
                <Icon name="pencil" /> {t("common.edit")}
              </Link>
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
