/**
 * The words of grave care (благоустройство, issue 16 §3; research `workflows-2026-11.md` §4): a
 * family's request for works on a grave it is responsible for, and the cemetery's permit to install
 * a fence or a headstone. Shared by the API, its schemas and the screens, free of zod. The machines
 * are `server/modules/ennoblement/`.
 */
import { addCalendarDays, addCalendarMonths, type TDay } from "./calendar/days.ts";
import { addWorkingDays, registrationDay } from "./calendar/working-days.ts";
import type { TMoveForms } from "./move-forms.ts";

/** The works a family orders (`care.kind.<kind>`); each has one line in the cemetery's price list. */
export const CARE_KINDS = ["cleaning", "landscaping", "fence", "headstone", "other"] as const;
export type CareKind = (typeof CARE_KINDS)[number];

/** Works that install a structure on the grave: they need the cemetery's permit. */
export const PERMIT_KINDS = ["fence", "headstone"] as const satisfies readonly CareKind[];
export type PermitKind = (typeof PERMIT_KINDS)[number];
export const needsPermit = (kind: string): kind is PermitKind => (PERMIT_KINDS as readonly string[]).includes(kind);

/** How a price of the list is counted (`care.unit.<unit>`). */
export const CARE_UNITS = ["service", "sq_m", "linear_m", "piece"] as const;
export type CareUnit = (typeof CARE_UNITS)[number];

/**
 * A care request (`care.status.<status>`):
 * - `new`: ordered by the family, waiting for the cemetery;
 * - `accepted`: the cemetery took it with its price (from its price list), to pay online or at the office;
 * - `scheduled`: a day is set (for an installation, within the permit's validity and the season);
 * - `done`: the works are done, with photos before and after; the family has 7 days to answer;
 * - `confirmed`: the family accepted the work (or 7 days passed without an answer);
 * - `disputed`: the family disputed it; the cemetery redoes it (back to `scheduled`) or closes it;
 * - `closed`: a dispute answered and closed by the cemetery;
 * - `rejected`: refused by the cemetery with a reason; `cancelled`: by the family before it was scheduled.
 */
export const CARE_STATUSES = [
  "new",
  "accepted",
  "scheduled",
  "done",
  "confirmed",
  "disputed",
  "closed",
  "rejected",
  "cancelled",
] as const;
export type CareStatus = (typeof CARE_STATUSES)[number];
/** Statuses of a request still going on (the family's open requests, the manager's default list). */
export const OPEN_CARE_STATUSES: readonly CareStatus[] = ["new", "accepted", "scheduled", "done", "disputed"];

/** What people (and the product) do to a care request (`care_screen.move.<move>`). */
export const CARE_MOVES = [
  "accept",
  "record_payment",
  "pay_online",
  "schedule",
  "complete",
  "confirm",
  "dispute",
  "auto_confirm",
  "redo",
  "close",
  "reject",
  "cancel",
] as const;
export type CareMove = (typeof CARE_MOVES)[number];

/** A care request's payment, kept apart from the works (`care.payment.<status>`). */
export const CARE_PAYMENT_STATUSES = ["unpaid", "paid", "refund_due"] as const;
export type CarePaymentStatus = (typeof CARE_PAYMENT_STATUSES)[number];
/** How it was paid (`care.paid_via.<via>`). */
export const CARE_PAID_VIA = ["online", "office"] as const;

/**
 * A permit to install (`permit.status.<status>`): `requested` (decided within one working day),
 * `issued` (valid a month), `refused` with a reason, `expired` once its month is over.
 */
export const PERMIT_STATUSES = ["requested", "issued", "refused", "expired"] as const;
export type PermitStatus = (typeof PERMIT_STATUSES)[number];
export const PERMIT_MOVES = ["issue", "refuse", "expire"] as const;
export type PermitMove = (typeof PERMIT_MOVES)[number];

/** Why a permit is refused (`permit.refuse_reason.<reason>`), with a comment. */
export const PERMIT_REFUSE_REASONS = ["dimensions", "design", "season", "plot_boundary", "other"] as const;
export type PermitRefuseReason = (typeof PERMIT_REFUSE_REASONS)[number];

/** Who installs (`permit.installer.<who>`): the cemetery (with a care request), or the family's own supplier. */
export const PERMIT_INSTALLERS = ["cemetery", "own"] as const;
export type PermitInstaller = (typeof PERMIT_INSTALLERS)[number];

export const CARE_LIMITS = {
  commentMax: 2000,
  photosMax: 10,
  /** Days the family has to accept or dispute done works; then they are confirmed by themselves. */
  answerDays: 7,
  /** Working days the cemetery has to decide on a permit. */
  permitWorkingDays: 1,
  /** A permit is valid this many months from its issue. */
  permitMonths: 1,
} as const;

export const CARE_MOVE_FORMS = {
  record_payment: "ZCareRecordPayment",
  schedule: "ZCareSchedule",
  complete: "ZCareComplete",
  dispute: "ZCareDispute",
  redo: "ZCareSchedule",
  close: "ZCareClose",
  reject: "ZCareReject",
} as const satisfies TMoveForms<CareMove>;

export const PERMIT_MOVE_FORMS = {
  refuse: "ZPermitRefuse",
} as const satisfies TMoveForms<PermitMove>;

// ---------- The season ----------

/**
 * A cemetery's installation season: from `start` to `end` inclusive, each `MM-DD` (a season across
 * the new year, `11-01`–`03-31`, wraps); null: all year.
 */
export type TSeason = { start: string; end: string } | null;

/** Whether a day falls within the season (always, without one). */
export function inSeason(day: TDay, season: TSeason): boolean {
  if (!season) return true;
  const md = day.slice(5);
  return season.start <= season.end ? md >= season.start && md <= season.end : md >= season.start || md <= season.end;
}

/** A season's end as people write it: `04-01` → `01.04`. */
export function seasonDay(md: string): string {
  return `${md.slice(3, 5)}.${md.slice(0, 2)}`;
}

/** `MM-DD`, a real day of a (leap) year. */
export function isMonthDay(v: string): boolean {
  if (!/^\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`2024-${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(5, 10) === v;
}

// ---------- Terms ----------

/** The day a permit requested at `at` must be decided by: one working day after its registration day. */
export function permitDueDay(at: Date): TDay {
  return addWorkingDays(registrationDay(at), CARE_LIMITS.permitWorkingDays);
}

/** The last day a permit issued on `day` is valid. */
export function permitValidUntil(day: TDay): TDay {
  return addCalendarDays(addCalendarMonths(day, CARE_LIMITS.permitMonths), -1);
}

/** A care request's number people read (`2026-000012`). */
export function careNumber(id: number, createdAt: Date | string): string {
  return `${new Date(createdAt).getUTCFullYear()}-${String(id).padStart(6, "0")}`;
}
