import { Link } from "react-router";
import { useT } from "../lib/hooks.ts";
import { Icon } from "./icon.tsx";
import { LanguageSwitch } from "./language-switch.tsx";

/**
 * The generic error page (specification, section 2): "Page Not Found" for 404, "Internal Server
 * Error" otherwise, with the status code (500 by default), status message and a description.
 */
export function ErrorPage({
  status = 500,
  statusText,
  data,
}: {
  status?: number;
  statusText?: string;
  data?: unknown;
}) {
  const { t, to } = useT();
  const title =
    status === 404
      ? t("error.not_found_title")
      : status === 403
        ? t("error.forbidden_title")
        : t("error.internal_title");
  const path = (data as { path?: string } | null)?.path;
  const description =
    status === 404
      ? path
        ? t("error.page_not_found", { path })
        : t("error.not_found_description")
      : status === 403
        ? t("error.forbidden_description")
        : t("error.internal_description");
  return (
    <div className="error-shell">
      <header className="error-shell__bar">
        <Link to={to("/")} className="brand">
          <span className="brand__mark" aria-hidden="true" />
          {t("brand.name")}
        </Link>
        <LanguageSwitch />
      </header>
      <main className="error-page" id="main">
        <p className="error-page__code" data-testid="error-status">
          {status}
        </p>
        <h1>{title}</h1>
        {statusText ? <p className="error-page__status">{statusText}</p> : null}
        <p className="error-page__description" data-testid="error-description">
          {description}
        </p>
        <p>
          <Link className="button" to={to("/")}>
            <Icon name="home" /> {t("error.go_home")}
          </Link>
        </p>
      </main>
    </div>
  );
}
