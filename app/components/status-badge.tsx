import { useT } from "../lib/hooks.ts";

type Tone = "ok" | "wait" | "stop" | "info" | "neutral";

/**
 * Each kind of record: the tone of each status (waiting for someone, under way, done well, stopped)
 * and the catalog's prefix of its words (`<prefix>.<status>`).
 */
const KINDS = {
  supplier: { prefix: "supplier_status", tones: { active: "ok", pending: "wait", blocked: "stop" } },
  user: { prefix: "user_status", tones: { active: "ok", invited: "wait" } },
  news: { prefix: "news_status", tones: { published: "ok", draft: "wait" } },
  /** A visitor's request: waiting (new), being handled, answered with a record, answered without. */
  request: {
    prefix: "request_status",
    tones: { new: "wait", in_progress: "info", found: "ok", added: "ok", not_found: "neutral" },
  },
  /** A burial request: waiting for the family, waiting for the cemetery, set, done, stopped. */
  burial_request: {
    prefix: "burial_request.status",
    tones: { pending: "wait", paid: "info", confirmed: "ok", completed: "neutral", cancelled: "stop", expired: "stop" },
  },
  /** An appeal: registered (nobody on it yet), being considered, waiting for the applicant, decided, closed. */
  appeal: {
    prefix: "appeal.status",
    tones: {
      registered: "wait",
      in_work: "info",
      waiting_applicant: "wait",
      hearing: "info",
      answered: "ok",
      redirected: "neutral",
      withdrawn: "neutral",
    },
  },
  /** A grave's hand-over: waiting for the relative, for the cemetery, done, stopped. */
  handover: {
    prefix: "handover.status",
    tones: {
      awaiting_consent: "wait",
      submitted: "info",
      approved: "ok",
      refused: "stop",
      declined: "neutral",
      withdrawn: "neutral",
      expired: "neutral",
    },
  },
  /** A reburial request: waiting for the akimat, for the applicant, allowed, done, stopped. */
  reburial: {
    prefix: "reburial.status",
    tones: {
      submitted: "wait",
      in_work: "info",
      waiting_applicant: "wait",
      hearing: "wait",
      approved: "ok",
      refused: "stop",
      withdrawn: "neutral",
      reburied: "neutral",
    },
  },
  /** A supplier's order: waiting for the supplier, under way, done, ended unaccepted. */
  supplier_order: {
    prefix: "order.status",
    tones: { new: "wait", accepted: "info", archived: "ok", expired: "stop", cancelled: "stop" },
  },
  /** A line of an order. */
  order_line: {
    prefix: "order.line_status",
    tones: { new: "wait", accepted: "info", in_progress: "info", done: "ok", cancelled: "neutral" },
  },
  /** An order's payment, kept apart from its fulfilment. */
  order_payment: { prefix: "order.payment", tones: { unpaid: "wait", paid: "ok", refund_due: "stop" } },
  /** A review: waiting for the moderator, published, refused. */
  review: { prefix: "review.status", tones: { pending: "wait", approved: "ok", rejected: "stop" } },
  /** A supplier's appeal against a review: waiting for the decision, decided, taken back. */
  review_appeal: { prefix: "review_appeal.status", tones: { pending: "wait", decided: "ok", withdrawn: "neutral" } },
  /** A catalogue item: being prepared or sent back, on moderation, on sale, hidden, blocked. */
  catalog: {
    prefix: "catalog.status",
    tones: {
      draft: "neutral",
      consideration: "wait",
      improvement: "wait",
      active: "ok",
      inactive: "neutral",
      blocked: "stop",
    },
  },
  /** A grave-care request: waiting for the cemetery or the family, under way, done well, stopped. */
  care_request: {
    prefix: "care.status",
    tones: {
      new: "wait",
      accepted: "info",
      scheduled: "info",
      done: "wait",
      confirmed: "ok",
      disputed: "stop",
      closed: "neutral",
      rejected: "stop",
      cancelled: "neutral",
    },
  },
  /** A grave-care request's payment. */
  care_payment: { prefix: "care.payment", tones: { unpaid: "wait", paid: "ok", refund_due: "stop" } },
  /** A permit to install: waiting for the decision, valid, refused, over. */
  care_permit: {
    prefix: "permit.status",
    tones: { requested: "wait", issued: "ok", refused: "stop", expired: "neutral" },
  },
} satisfies Record<string, { prefix: string; tones: Record<string, Tone> }>;

export type TBadgeKind = keyof typeof KINDS;

/** A status always shown with a colour and a word, never colour alone. */
export function StatusBadge({ kind, status }: { kind: TBadgeKind; status: string }) {
  const { t } = useT();
  const { prefix, tones } = KINDS[kind];
  const tone: Tone = (tones as Record<string, Tone>)[status] ?? "neutral";
  return (
    <span className={`badge badge--${tone}`} data-status={status}>
      {t(`${prefix}.${status}`)}
    </span>
  );
}
