import { Link } from "react-router";
import { pageNumber } from "../../../common/schemas.ts";
import { Pager } from "../../components/pager.tsx";
import { ReburialRow } from "../../components/reburial.tsx";
import { useT } from "../../lib/hooks.ts";
import { requestContext } from "../../lib/request-context.ts";
import type { Route } from "./+types/reburial-requests";

export function meta({ location }: Route.MetaArgs) {
  return [
    { title: location.pathname.startsWith("/kk") ? "Қайта жерлеу туралы өтініштер" : "Заявления о перезахоронении" },
  ];
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const { api } = context.get(requestContext);
  const url = new URL(request.url);
  return { page: await api.get("/reburials", { query: { page: String(pageNumber(url.searchParams.get("page"))) } }) };
}

/** The family's reburial requests, newest first; each opens its page. */
export default function ReburialRequests({ loaderData }: Route.ComponentProps) {
  const { t, to } = useT();
  const { page } = loaderData;
  return (
    <section aria-labelledby="rbs-title">
      <h1 id="rbs-title">{t("reburial.mine")}</h1>
      <p>
        <Link className="button" to={to("/client/burial/create")}>
          {t("reburial.start")}
        </Link>
      </p>
      {page.items.length ? (
        <ul className="cards" data-testid="reburials">
          {page.items.map((r) => (
            <ReburialRow key={r.id} r={r} href={`/client/burial/requests/${r.id}`} />
          ))}
        </ul>
      ) : (
        <p className="muted">{t("reburial.none")}</p>
      )}
      <Pager page={page.page} pageSize={page.pageSize} total={page.total} />
    </section>
  );
}
