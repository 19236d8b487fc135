import { formatDate } from "../../common/i18n.ts";
import { useT } from "../lib/hooks.ts";
import { StatusBadge, type TBadgeKind } from "./status-badge.tsx";

/** One step of a record's history, as the API answers it (from the audit log). */
export type THistoryStep = {
  at: string;
  action: string;
  from?: string | null;
  to: string | null;
  reason: string | null;
};

/**
 * A record's history as a card: each step's time, what was done (`label` of its action), the status
 * it led to, and its reason. One drawing for every workflow's page (reburials, care requests,
 * hand-overs…).
 */
export function HistoryCard({
  id,
  title,
  steps,
  label,
  badge,
  testId,
}: {
  /** The heading's id (the section is labelled by it). */
  id: string;
  title: string;
  steps: readonly THistoryStep[];
  label: (action: string) => string;
  badge: TBadgeKind;
  testId: string;
}) {
  const { locale } = useT();
  return (
    <section className="card" aria-labelledby={id}>
      <h2 id={id} className="card__title">
        {title}
      </h2>
      <ol className="stack" data-testid={testId}>
        {steps.map((e) => (
          <li key={`${e.at}-${e.action}`}>
            <span className="muted">{formatDate(locale, e.at, true)}</span> {label(e.action)}
            {e.to && e.to !== e.from ? (
              <>
                {" "}
                → <StatusBadge kind={badge} status={e.to} />
              </>
            ) : null}
            {e.reason ? <span className="muted"> — {e.reason}</span> : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
