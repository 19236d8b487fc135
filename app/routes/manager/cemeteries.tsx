import { Link } from "react-router";
import { CemeteryCounts } from "../../components/cemetery-counts.tsx";
import { useT } from "../../lib/hooks.ts";
import { requestContext } from "../../lib/request-context.ts";
import type { Route } from "./+types/cemeteries";

export function meta({ location }: Route.MetaArgs) {
  return [{ title: location.pathname.startsWith("/kk") ? "Менің зираттарым" : "Мои кладбища" }];
}

export async function loader({ context }: Route.LoaderArgs) {
  return context.get(requestContext).api.get("/manager/cemeteries");
}

/** A manager's cemeteries, with their places by status. */
export default function ManagerCemeteries({ loaderData }: Route.ComponentProps) {
  const { t, to } = useT();
  return (
    <section aria-labelledby="mc-title">
      <h1 id="mc-title">{t("manager.title")}</h1>
      {loaderData.items.length === 0 ? <p className="note">{t("manager.none")}</p> : null}
      <ul className="cemetery-counts" data-testid="manager-cemeteries">
        {loaderData.items.map((c) => (
          <li key={c.id} className="card">
            <h2 className="card__title">
              <Link to={to(`/manager/cemetery/${c.id}`)}>{c.name}</Link>
            </h2>
            <p className="muted">{c.address}</p>
            <CemeteryCounts counts={c.counts} />
          </li>
        ))}
      </ul>
    </section>
  );
}
