import { Form, Link } from "react-router";
import { formatNumber } from "../../common/i18n.ts";
import { formatPhone } from "../../common/phone.ts";
import { HOME_OF_ROLE, NOTIFICATIONS_OF_ROLE } from "../../common/role-homes.ts";
import { useMe, useT } from "../lib/hooks.ts";
import { Icon } from "./icon.tsx";
import { LanguageSwitch } from "./language-switch.tsx";

/** The bell with the unread count; leads to the role's notifications. */
export function Bell() {
  const me = useMe();
  const { t, to, locale } = useT();
  if (!me) return null;
  const n = me.unreadNotifications;
  return (
    <Link
      to={to(NOTIFICATIONS_OF_ROLE[me.user.role])}
      className="bell"
      aria-label={n > 0 ? t("nav.bell_unread", { count: n }) : t("nav.bell")}
      data-testid="bell"
    >
      <Icon name="bell" />
      {n > 0 ? (
        <span className="bell__count" data-testid="bell-count">
          {formatNumber(locale, n)}
        </span>
      ) : null}
    </Link>
  );
}

/** Who is signed in, the bell, the language switch and logout; or the login link. */
export function AccountBar({ showCabinetLink = false }: { showCabinetLink?: boolean }) {
  const me = useMe();
  const { t, to } = useT();
  return (
    <div className="account-bar">
      <LanguageSwitch />
      {me ? (
        <>
          <Bell />
          {showCabinetLink && me.user.role !== "client" ? (
            <Link to={to(HOME_OF_ROLE[me.user.role])} className="account-bar__cabinet">
              {t("nav.cabinet")}
            </Link>
          ) : null}
          <span className="account-bar__name" data-testid="user-name">
            <Icon name="user" size={18} /> {me.user.name || me.user.fullName || formatPhone(me.user.phone)}
          </span>
          <Form method="post" action={to("/logout")}>
            <button type="submit" className="button button--ghost button--small" data-testid="logout">
              <Icon name="log-out" size={18} /> <span>{t("nav.logout")}</span>
            </button>
          </Form>
        </>
      ) : (
        <Link to={to("/login")} className="button button--small" data-testid="login-link">
          {t("nav.login")}
        </Link>
      )}
    </div>
  );
}
