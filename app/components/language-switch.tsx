import { Link, useLocation } from "react-router";
import { LOCALES, localizePath } from "../../common/locale.ts";
import { useT } from "../lib/hooks.ts";

/** Links to the same page in the other language; the server remembers the choice in a cookie. */
export function LanguageSwitch() {
  const { t, locale } = useT();
  const { pathname, search } = useLocation();
  return (
    <nav className="lang-switch" aria-label={t("lang.switch")}>
      {LOCALES.map((l) =>
        l === locale ? (
          <span key={l} className="lang-switch__item is-current" aria-current="true" lang={l}>
            {t(`lang.short.${l}`)}
          </span>
        ) : (
          <Link
            key={l}
            className="lang-switch__item"
            to={`${localizePath(pathname, l)}${search}`}
            hrefLang={l}
            lang={l}
            reloadDocument
            title={t(`lang.name.${l}`)}
          >
            {t(`lang.short.${l}`)}
          </Link>
        ),
      )}
    </nav>
  );
}
