import { Link } from "react-router";
import { formatNumber } from "../../../common/i18n.ts";
import { formatPhone } from "../../../common/phone.ts";
import { DataTable } from "../../components/data-table.tsx";
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
        <DataTable
          testId="akimat-table"
          rows={items}
          rowKey={(a) => a.id}
          columns={[
            {
              label: t("admin.akimats.name"),
              cell: (a) => (
                <>
                  <strong>{locale === "kk" ? a.nameKk : a.nameRu}</strong>
                  <br />
                  <small className="muted" lang={locale === "kk" ? "ru" : "kk"}>
                    {locale === "kk" ? a.nameRu : a.nameKk}
                  </small>
                </>
              ),
            },
            { label: t("admin.akimats.city"), cell: (a) => a.city },
            {
              label: t("admin.akimats.contacts"),
              cell: (a) => (
                <>
                  {a.address}
                  {a.phone ? (
                    <>
                      <br />
                      {formatPhone(a.phone)}
                    </>
                  ) : null}
                </>
              ),
            },
            {
              label: t("admin.akimats.employees"),
              className: "num",
              cell: (a) => formatNumber(locale, a.employeeCount),
            },
            {
              label: t("common.actions"),
              hideLabel: true,
              cell: (a) => (
                <Link to={`${to("/admin/akimat/form")}?id=${a.id}`} className="button button--ghost button--small">
                  <Icon name="pencil" size={16} /> {t("common.edit")}
                </Link>
              ),
            },
          ]}
        />
      )}
    </section>
  );
}
