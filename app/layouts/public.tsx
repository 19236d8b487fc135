import { NavLink, Outlet } from "react-router";
import { AccountBar } from "../components/account-bar.tsx";
import { SiteMenu } from "../components/site-menu.tsx";
import { useMe, useT } from "../lib/hooks.ts";
import { navItems } from "../lib/nav.server.ts";
import type { Route } from "./+types/public";

const PUBLIC_NAV = [
  { path: "/", key: "nav.public.home" },
  { path: "/search", key: "nav.public.search" },
  { path: "/add", key: "nav.public.add" },
  { path: "/reserve", key: "nav.public.reserve" },
  { path: "/services", key: "catalog_nav.public" },
  { path: "/news", key: "nav.public.news" },
  { path: "/instructions", key: "nav.public.instructions" },
  { path: "/contacts", key: "nav.public.contacts" },
] as const;

/** The client's menu, read once (shown when the visitor is a signed-in client). */
export const loader = () => ({ clientNav: navItems("client") });
export const shouldRevalidate = () => false;

/** The public layout: site navigation, and for a signed-in client their menu. */
export default function PublicLayout({ loaderData }: Route.ComponentProps) {
  const { t, to } = useT();
  const me = useMe();
  const clientMenu = me?.user.role === "client" ? loaderData.clientNav : [];
  return (
    <div className="shell shell--public">
      <a href="#main" className="skip-link">
        {t("nav.skip")}
      </a>
      <header className="topbar">
        <div className="topbar__inner">
          <NavLink to={to("/")} className="brand">
            <span className="brand__mark" aria-hidden="true" />
            <span>{t("brand.name")}</span>
          </NavLink>
          <SiteMenu>
            <AccountBar showCabinetLink />
            <nav className="area-nav" aria-label={t("nav.main")}>
              <ul>
                {PUBLIC_NAV.map((item) => (
                  <li key={item.path}>
                    <NavLink to={to(item.path)} end={item.path === "/"}>
                      {t(item.key)}
                    </NavLink>
                  </li>
                ))}
              </ul>
              {clientMenu.length > 0 ? (
                <ul className="area-nav__client" aria-label={t("nav.client_menu")} data-testid="client-menu">
                  {clientMenu.map((item) => (
                    <li key={item.id}>
                      <NavLink to={to(item.path)}>{t(item.nav as string)}</NavLink>
                    </li>
                  ))}
                </ul>
              ) : null}
            </nav>
          </SiteMenu>
        </div>
      </header>
      <main id="main" className="public-main">
        <Outlet />
      </main>
      <footer className="footer">
        <div className="footer__inner">
          <p>{t("footer.about")}</p>
          <p>
            <NavLink to={to("/contacts")}>{t("nav.public.contacts")}</NavLink> ·{" "}
            <NavLink to={to("/instructions")}>{t("nav.public.instructions")}</NavLink> ·{" "}
            <NavLink to={to("/privacy")}>{t("nav.public.privacy")}</NavLink> · <a href="/api/docs">{t("footer.api")}</a>
          </p>
        </div>
      </footer>
    </div>
  );
}
