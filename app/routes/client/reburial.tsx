import { Link } from "react-router";
import { ReburialRow } from "../../components/reburial.tsx";
import { Icon } from "../../components/icon.tsx";
import { useT } from "../../lib/hooks.ts";
import { requestContext } from "../../lib/request-context.ts";
import type { Route } from "./+types/reburial";

export function meta({ location }: Route.MetaArgs) {
  return [{ title: location.pathname.startsWith("/kk") ? "Қайта жерлеу" : "Перезахоронение" }];
}

export async function loader({ context }: Route.LoaderArgs) {
  const { api } = context.get(requestContext);
  return { page: await api.get("/reburials", { query: { pageSize: "5" } }) };
}

/** What a reburial needs and how it goes, the family's latest requests, and the button to write one. */
export default function Reburial({ loaderData }: Route.ComponentProps) {
  const { t, to } = useT();
  const { page } = loaderData;
  return (
    <section aria-labelledby="rb-title">
      <h1 id="rb-title">{t("reburial.intro_title")}</h1>
      <p className="lead">{t("reburial.intro_lead")}</p>
      <Link className="button" to={to("/client/burial/create")} data-testid="reburial-start">
        <Icon name="file" /> {t("reburial.start")}
      </Link>
      <section className="card" aria-labelledby="rb-needs">
        <h2 id="rb-needs" className="card__title">
          {t("reburial.intro_needs")}
        </h2>
        <ul className="stack">
          {([1, 2, 3, 4] as const).map((n) => (
            <li key={n}>{t(`reburial.intro_need_${n}`)}</li>
          ))}
        </ul>
      </section>
      <section className="card" aria-labelledby="rb-steps">
        <h2 id="rb-steps" className="card__title">
          {t("reburial.intro_steps")}
        </h2>
        <ol className="stack">
          {([1, 2, 3] as const).map((n) => (
            <li key={n}>{t(`reburial.intro_step_${n}`)}</li>
          ))}
        </ol>
      </section>
      <h2>{t("reburial.mine")}</h2>
      {page.items.length ? (
        <ul className="cards" data-testid="reburials">
          {page.items.map((r) => (
            <ReburialRow key={r.id} r={r} href={`/client/burial/requests/${r.id}`} />
          ))}
        </ul>
      ) : (
        <p className="muted">{t("reburial.none")}</p>
      )}
      {page.total > page.items.length ? <Link to={to("/client/burial/requests")}>{t("reburial.all_mine")}</Link> : null}
    </section>
  );
}
