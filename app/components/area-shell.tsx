import { NavLink, Outlet } from "react-router";
import type { Layout } from "../../common/route-table.ts";
import type { TNavItem } from "../lib/nav.server.ts";
import { useMe, useT } from "../lib/hooks.ts";
import { AccountBar } from "./account-bar.tsx";
import { SiteMenu } from "./site-menu.tsx";

/** The frame of a staff or client area: brand, the area's navigation, account bar. */
export function AreaShell({ area, items }: { area: Exclude<Layout, "public" | "form">; items: readonly TNavItem[] }) {
  const { t, to } = useT();
  const me = useMe();
  return (
    <div className={`shell shell--area shell--${area}`}>
      <a href="#main" className="skip-link">
        {t("nav.skip")}
      </a>
      <header className="topbar">
        <div className="topbar__inner">
          <NavLink to={to("/")} className="brand">
            <span className="brand__mark" aria-hidden="true" />
            <span>
              {t("brand.name")}
              <small className="brand__area">{t(`area.${area}`)}</small>
            </span>
          </NavLink>
          <SiteMenu>
            <AccountBar />
            {items.length > 0 ? (
              <nav className="area-nav" aria-label={t("nav.area")}>
                <ul>
                  {items.map((item) => (
                    <li key={item.id}>
                      <NavLink to={to(item.path)} end>
                        {t(item.nav)}
                      </NavLink>
                    </li>
                  ))}
                </ul>
              </nav>
            ) : null}
          </SiteMenu>
        </div>
      </header>
      <main id="main" className="area-main">
        {me?.organisation ? <p className="area-main__org">{me.organisation.name}</p> : null}
        <Outlet />
      </main>
    </div>
  );
}
