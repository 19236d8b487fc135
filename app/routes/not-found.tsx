import { data, Link } from "react-router";
import { Icon } from "../components/icon.tsx";
import { useT } from "../lib/hooks.ts";
import type { Route } from "./+types/not-found";

/** Any unknown path: `Page not found: {path}` with status 404, inside the public layout. */
export async function loader({ request }: Route.LoaderArgs) {
  return data({ path: new URL(request.url).pathname }, { status: 404 });
}

export function meta({ location }: Route.MetaArgs) {
  return [
    { title: location.pathname.startsWith("/kk") ? "Бет табылмады" : "Страница не найдена" },
    { name: "robots", content: "noindex" },
  ];
}

export default function NotFound({ loaderData }: Route.ComponentProps) {
  const { t, to } = useT();
  return (
    <section className="error-page">
      <p className="error-page__code" data-testid="error-status">
        404
      </p>
      <h1>{t("error.not_found_title")}</h1>
      <p data-testid="error-description">{t("error.page_not_found", { path: loaderData.path })}</p>
      <p>
        <Link className="button" to={to("/")}>
          <Icon name="home" /> {t("error.go_home")}
        </Link>
      </p>
    </section>
  );
}
