import { NavLink, Outlet } from "react-router";
import { LanguageSwitch } from "../components/language-switch.tsx";
import { useT } from "../lib/hooks.ts";

/** A quiet frame for one task at a time: login, registration, multi-step requests. */
export default function FormLayout() {
  const { t, to } = useT();
  return (
    <div className="shell shell--form">
      <header className="form-bar">
        <NavLink to={to("/")} className="brand">
          <span className="brand__mark" aria-hidden="true" />
          <span>{t("brand.name")}</span>
        </NavLink>
        <LanguageSwitch />
      </header>
      <main id="main" className="form-main">
        <Outlet />
      </main>
    </div>
  );
}
