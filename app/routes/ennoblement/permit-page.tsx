import { Link, useLocation } from "react-router";
import { PERMIT_MOVE_FORMS, type PermitMove } from "../../../common/ennoblement.ts";
import { formatDate } from "../../../common/i18n.ts";
import { CarePhotos, GraveFacts, PermitFacts } from "../../components/care.tsx";
import type { TMoveReply } from "../../components/move-forms.tsx";
import { StatusBadge } from "../../components/status-badge.tsx";
import { useT } from "../../lib/hooks.ts";
import { moveAction } from "../../lib/moves.server.ts";
import { orPageError, pageId } from "../../lib/page-ids.server.ts";
import { requestContext } from "../../lib/request-context.ts";
import type { Route } from "./+types/permit-page";
import { PermitMoves } from "./request-page.tsx";

export function meta({ location }: Route.MetaArgs) {
  const kk = location.pathname.startsWith("/kk");
  return [{ title: kk ? "Орнатуға рұқсат" : "Разрешение на установку" }];
}

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { api } = context.get(requestContext);
  const id = pageId(params.id, request);
  const p = await orPageError(request, () => api.get("/care/permits/:id", { params: { id } }));
  return { p };
}

const DRAWN = ["issue", "refuse"] as const satisfies readonly PermitMove[];

export async function action({ context, params, request }: Route.ActionArgs) {
  const rc = context.get(requestContext);
  pageId(params.id, request);
  return moveAction(request, rc.locale, {
    of: "permit",
    forms: PERMIT_MOVE_FORMS,
    moves: DRAWN,
    send: (move, body, id) => rc.api.post("/care/permits/:id/moves/:move", { params: { id, move }, body }),
  });
}

/**
 * A permit to install — `/manager/ennoblement/permits/:id` for the cemetery's staff (issue or
 * refuse it within a working day), `/client/tickets/permit/:id` for the family: the grave, the
 * design, who installs and when, the season, its due day or its validity, a refusal's reason.
 * A permit asked for with works is also shown on the works' request.
 */
export default function PermitPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, to, locale } = useT();
  const { p } = loaderData;
  const staffSide = useLocation().pathname.includes("/manager/");
  const reply = actionData && "move" in actionData ? (actionData as TMoveReply) : undefined;
  return (
    <section aria-labelledby="permit-title">
      <p>
        <Link to={to(staffSide ? "/manager/ennoblement" : "/client/tickets/active")}>
          ← {t(staffSide ? "care_screen.back_staff" : "care_screen.back_family")}
        </Link>
      </p>
      <h1 id="permit-title">
        {t("care_screen.permit_title", { kind: t(`care.kind.${p.kind}`) })}{" "}
        <StatusBadge kind="care_permit" status={p.status} />
      </h1>
      <p className="lead">{t("care_screen.permit_lead", { date: formatDate(locale, p.createdAt, true) })}</p>
      {p.careRequestId ? (
        <p>
          <Link
            to={to(
              staffSide ? `/manager/ennoblement/${p.careRequestId}` : `/client/tickets/ennoblement/${p.careRequestId}`,
            )}
          >
            {t("care_screen.permit_request")}
          </Link>
        </p>
      ) : null}
      <PermitMoves p={p} reply={reply} />
      <section className="card" aria-labelledby="permit-grave">
        <h2 id="permit-grave" className="card__title">
          {t("care_screen.facts_title")}
        </h2>
        <dl className="facts">
          <GraveFacts grave={p.grave} />
        </dl>
        <PermitFacts p={p} />
        <CarePhotos files={p.photos} label={t("care_screen.photos_family")} />
      </section>
    </section>
  );
}
