import { Link } from "react-router";
import { AppealExplainer, AppealRow } from "../../components/appeal.tsx";
import { Icon } from "../../components/icon.tsx";
import { appealPages } from "../../lib/appeal-area.ts";
import { useT } from "../../lib/hooks.ts";
import { requestContext } from "../../lib/request-context.ts";
import type { Route } from "./+types/appeal-about";

export function meta({ location }: Route.MetaArgs) {
  const kk = location.pathname.startsWith("/kk");
  return [{ title: kk ? "Әкімдікке өтініш" : "Обращение в акимат" }];
}

/** How many of the applicant's latest appeals the page shows (the list has the rest). */
const LATEST = 5;

/** The client's latest appeals, newest first. */
export async function loader({ context }: Route.LoaderArgs) {
  const { api } = context.get(requestContext);
  const latest = await api.get("/appeals", { query: { pageSize: LATEST, status: "all" } });
  return { latest };
}

/**
 * `/client/appeal`: what an appeal to the akimat is (signed in only: anonymous appeals are not
 * considered), its five kinds with a line each, the law's terms, the client's latest appeals, and
 * the button to write one.
 */
export default function AppealAbout({ loaderData }: Route.ComponentProps) {
  const { t, to } = useT();
  const { latest } = loaderData;
  const pages = appealPages("client");
  return (
    <section aria-labelledby="appeal-about-title" className="appeal-page">
      <div className="page-head">
        <h1 id="appeal-about-title">{t("appeals_screen.about.title")}</h1>
        <Link className="button" to={to(pages.create)} data-testid="appeal-write">
          <Icon name="pencil" /> {t("appeals_screen.about.write")}
        </Link>
      </div>
      <p className="lead">{t("appeals_screen.about.lead")}</p>
      <AppealExplainer />
      <section aria-labelledby="appeal-latest-title" className="appeal-latest">
        <h2 id="appeal-latest-title">{t("appeals_screen.about.latest_title")}</h2>
        {latest.items.length === 0 ? (
          <p className="muted" data-testid="appeals-empty">
            {t("appeals_screen.about.none")}
          </p>
        ) : (
          <ul className="cards" data-testid="appeals">
            {latest.items.map((a) => (
              <AppealRow key={a.id} a={a} href={pages.item(a.id)} />
            ))}
          </ul>
        )}
        <p className="card__actions">
          <Link className="button" to={to(pages.create)}>
            <Icon name="pencil" /> {t("appeals_screen.about.write")}
          </Link>
          {latest.total > 0 ? (
            <Link className="button button--ghost" to={to(pages.list)} data-testid="appeals-all">
              {t("appeals_screen.about.all")}
            </Link>
          ) : null}
        </p>
      </section>
    </section>
  );
}
