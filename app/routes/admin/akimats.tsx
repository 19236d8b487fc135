import { Link } from "react-router";
import { formatNumber } from "../../../common/i18n.ts";
import { formatPhone } from "../../../common/phone.ts";
import { Icon } from "../../components/icon.tsx";
import { useT } from "../../lib/hooks.ts";
import { requestContext } from "../../lib/request-context.ts";
import type { Route } from "./+types/akimats";

export function meta({ location }: Route.MetaArgs) {
  return [{ title: location.pathname.startsWith("/kk") ? "Әкімдіктер" : "Акиматы" }];
}

export async function loader({ context }: Route.LoaderArgs) {
  return context.get(requestContext).api.get("/akimats");
}

/** Admin: the akimats on the platform. */
export default function Akimats({ loaderData }: Route.ComponentProps) {
  const { t, to, locale } = useT();
  const { items } = loaderData;
  return (
    <section aria-labelledby="a-title">
      <div className="page-head">
        <h1 id="a-title">{t("admin.akimats.title")}</h1>
        <Link to={to("/admin/akimat/form")} className="button" data-testid="new-akimat">
          <Icon name="plus" /> {t("admin.akimats.new")}
        </Link>
      </div>
      {items.length === 0 ? (
        <div className="empty">
          <Icon name="building" size={32} />
          <p>{t("admin.akimats.empty")}</p>
        </div>
      ) : (
        <div className="table-wrap">
          <table className="table" data-testid="akimat-table">
            <thead>
              <tr>
                <th scope="col">{t("admin.akimats.name")}</th>
                <th scope="col">{t("admin.akimats.city")}</th>
                <th scope="col">{t("admin.akimats.contacts")}</th>
                <th scope="col" className="num">
                  {t("admin.akimats.employees")}
                </th>
                <th scope="col">
                  <span className="visually-hidden">{t("common.actions")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((a) => (
                <tr key={a.id}>
                  <td>
                    <strong>{locale === "kk" ? a.nameKk : a.nameRu}</strong>
                    <br />
                    <small className="muted" lang={locale === "kk" ? "ru" : "kk"}>
                      {locale === "kk" ? a.nameRu : a.nameKk}
                    </small>
                  </td>
                  <td>{a.city}</td>
                  <td>
                    {a.address}
                    {a.phone ? (
                      <>
                        <br />
                        {formatPhone(a.phone)}
                      </>
                    ) : null}
                  </td>
                  <td className="num">{formatNumber(locale, a.employeeCount)}</td>
                  <td>
                    <Link to={`${to("/admin/akimat/form")}?id=${a.id}`} className="button button--ghost button--small">
                      <Icon name="pencil" size={16} /> {t("common.edit")}
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
