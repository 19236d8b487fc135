import { Form, Link } from "react-router";
import { CemeteryCounts } from "../components/cemetery-counts.tsx";
import { Icon, type IconName } from "../components/icon.tsx";
import { useMe, useT } from "../lib/hooks.ts";
import { requestContext } from "../lib/request-context.ts";
import { NewsCard } from "./news/news-list.tsx";
import type { Route } from "./+types/home";

export function meta({ location }: Route.MetaArgs) {
  const isKk = location.pathname.startsWith("/kk");
  return [
    { title: isKk ? "Зираттар мен жерлеу қызметтері — Алматы" : "Кладбища и ритуальные услуги — Алматы" },
    {
      name: "description",
      content: isKk
        ? "Алматы зираттарының электрондық тізілімі: жерлеуді ұйымдастыру, құжаттар, қажетті қызметтер."
        : "Электронный реестр кладбищ Алматы: как организовать похороны, какие нужны документы, услуги.",
    },
  ];
}

/** The three latest news items and the cemeteries with their place counts. */
export async function loader({ context }: Route.LoaderArgs) {
  const { api } = context.get(requestContext);
  const [page, cemeteries] = await Promise.all([api.get("/news", { query: { page: 1 } }), api.get("/cemeteries")]);
  return { news: page.items.slice(0, 3), cemeteries: cemeteries.items };
}

const TILES: { to: string; icon: IconName; key: string }[] = [
  { to: "/instructions#first-steps", icon: "clock", key: "first_steps" },
  { to: "/instructions#documents", icon: "file", key: "documents" },
  { to: "/instructions#place", icon: "map-pin", key: "arranging" },
  { to: "/instructions#care", icon: "shield", key: "care" },
];

/** The home page: what the service does and where to start. */
export default function Home({ loaderData }: Route.ComponentProps) {
  const { t, to } = useT();
  const me = useMe();
  return (
    <>
      <section className="hero" aria-labelledby="hero-title">
        <div className="hero__inner">
          <h1 id="hero-title">{t("home.title")}</h1>
          <p className="hero__lead">{t("home.lead")}</p>
          <div className="hero__actions">
            <Link to={to("/instructions")} className="button">
              <Icon name="book" /> {t("home.how_to")}
            </Link>
            {!me ? (
              <Link to={to("/login")} className="button button--ghost">
                {t("home.sign_in")}
              </Link>
            ) : null}
          </div>
        </div>
      </section>
      <section className="section" aria-labelledby="home-search-title">
        <h2 id="home-search-title">{t("search.home_title")}</h2>
        <Form method="get" action={to("/search")} className="inline-form home-search" role="search">
          {/* The label says what to type, above the field; the placeholder only an example, short enough for a phone. */}
          <label htmlFor="home-q" className="home-search__label">
            {t("search.home_hint")}
          </label>
          <input id="home-q" name="q" type="search" placeholder={t("search.home_placeholder")} required />
          <button type="submit" className="button">
            <Icon name="search" /> {t("common.find")}
          </button>
        </Form>
      </section>
      {loaderData.cemeteries.length > 0 ? (
        <section className="section" aria-labelledby="home-cemeteries-title">
          <h2 id="home-cemeteries-title">{t("cemeteries.title")}</h2>
          <ul className="cemetery-counts" data-testid="cemetery-counts">
            {loaderData.cemeteries.map((c) => (
              <li key={c.id} className="card">
                <h3 className="card__title">
                  <Link to={to(`/reserve?cemetery=${c.id}#chosen-title`)}>{c.name}</Link>
                </h3>
                <p className="muted">{c.address}</p>
                <CemeteryCounts counts={c.counts} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section className="section" aria-labelledby="tiles-title">
        <h2 id="tiles-title">{t("home.where_to_start")}</h2>
        <ul className="tiles">
          {TILES.map((tile) => (
            <li key={tile.key}>
              <Link to={to(tile.to)} className="tile">
                <Icon name={tile.icon} size={28} />
                <span className="tile__title">{t(`home.tiles.${tile.key}.title`)}</span>
                <span className="tile__text">{t(`home.tiles.${tile.key}.text`)}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
      {loaderData.news.length > 0 ? (
        <section className="section" aria-labelledby="home-news-title">
          <div className="page-head">
            <h2 id="home-news-title">{t("news.latest")}</h2>
            <Link to={to("/news")}>
              {t("news.all_news")} <Icon name="chevron-right" size={16} />
            </Link>
          </div>
          <ul className="cards" data-testid="home-news">
            {loaderData.news.map((n) => (
              <NewsCard key={n.id} item={n} />
            ))}
          </ul>
        </section>
      ) : null}
      <section className="section section--quiet" aria-labelledby="help-title">
        <h2 id="help-title">{t("home.help_title")}</h2>
        <p>{t("home.help_text")}</p>
        <p>
          <Link to={to("/contacts")}>
            {t("home.help_link")} <Icon name="chevron-right" size={16} />
          </Link>
        </p>
      </section>
    </>
  );
}
