import type { TMemorialClaim } from "../../common/memorial-schemas.ts";
import { CLAIM_MOVE_FORMS, type ClaimMove } from "../../common/memorials.ts";
import { fullName } from "../../common/person.ts";
import { formatDate } from "../../common/i18n.ts";
import { useT } from "../lib/hooks.ts";
import { Field } from "./form.tsx";
import { MoveForms, type TMoveReply } from "./move-forms.tsx";

/** The moves the staff's queue of relatives' requests draws. */
export const CLAIM_SCREEN_MOVES: readonly ClaimMove[] = ["approve", "refuse"];

/**
 * The cemetery's queue of relatives who ask to be verified as owners of a burial's memorial page
 * (`/manager/requests?tab=memorials`): the grave, the person, the relation, the documents; approve,
 * or refuse with a reason the relative reads.
 */
export function MemorialClaims({ items, answer }: { items: TMemorialClaim[]; answer: TMoveReply<ClaimMove> | null }) {
  const { t, locale } = useT();
  if (!items.length) return <p className="note">{t("memorial_claims.empty")}</p>;
  return (
    <ul className="cards" data-testid="memorial-claims">
      {items.map((c) => (
        <li key={c.id} className="card stack" data-testid={`memorial-claim-${c.id}`}>
          <h2 className="card__title">{fullName(c.person)}</h2>
          <p className="muted">
            {c.grave.cemetery} · {t("search.sector")} {c.grave.sector}, {t("search.row").toLowerCase()} {c.grave.row},{" "}
            {t("search.place").toLowerCase()} {c.grave.place}
          </p>
          <p>
            <strong>{c.claimant.name}</strong> ({c.claimant.phone}) · {t(`memorial_claim.relation.${c.relation}`)} ·{" "}
            {formatDate(locale, c.createdAt)} · {t(`memorial_claim.status.${c.status}`)}
          </p>
          {c.reason ? <p className="muted">{c.reason}</p> : null}
          {c.documents.length ? (
            <ul>
              {c.documents.map((d) => (
                <li key={d.id}>
                  <a href={d.url} target="_blank" rel="noopener noreferrer">
                    {d.name}
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
          <MoveForms
            of="claim"
            id={c.id}
            prefix={`cl${c.id}`}
            moves={c.moves}
            forms={CLAIM_MOVE_FORMS}
            answer={answer}
            views={{
              approve: { label: t("memorial_claims.approve"), icon: "check", done: t("memorial_claims.approved") },
              refuse: {
                label: t("memorial_claims.refuse"),
                danger: true,
                confirm: { summary: t("memorial_claims.refuse") },
                done: t("memorial_claims.refused"),
                fields: (f) => (
                  <Field field={f.reason} label={t("memorial_claims.reason")} required>
                    {(p) => <textarea {...p} rows={2} maxLength={500} />}
                  </Field>
                ),
              },
            }}
          />
        </li>
      ))}
    </ul>
  );
}
