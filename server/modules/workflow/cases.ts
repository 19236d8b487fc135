/**
 * What the cases a person addresses to an akimat share — appeals, reburial requests: the term's
 * escalation timers, the assignment's columns, the history as the API answers it and the list's
 * filters. Generic: each takes the case's own columns or rows (this module knows no table of
 * theirs), and each case keeps its own words (statuses, notices, numbers) in its module.
 */
import { eq, ilike, inArray, isNull, lt, notInArray, or, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { z } from "@hono/zod-openapi";
import { earliestHearingDay, escalationDays, escalationInstant } from "../../../common/appeal-deadlines.ts";
import { almatyDay } from "../../../common/calendar/almaty.ts";
import { dmy, type TDay } from "../../../common/calendar/days.ts";
import { isWorkingDay, workingDaysBetween } from "../../../common/calendar/working-days.ts";
import { isoDate, zId } from "../../../common/schemas.ts";
import type { ZAppealHearing } from "../../../common/appeal-forms.ts";
import type { Queryable } from "../../db/client.ts";
import type { Actor } from "../../lib/caller.ts";
import { fieldError } from "../../lib/errors.ts";
import type { THistoryEntry, TNotice } from "./workflow.ts";

// ---------- The term's escalations ----------

/**
 * The two escalations of a case's term, through every open status: 2 working days before the due
 * day in force and on it, at the office's opening (`escalationInstant`). `notice` says whom to
 * tell of which; a job fired long after its day (re-queued on entering a status again once the old
 * job was pruned) tells nobody.
 */
export function escalationTimers<R, S extends string>(opts: {
  on: readonly S[];
  /** The due day in force (an appeal's may be extended). */
  dueDay: (row: R) => TDay;
  notice: (which: "soon" | "today", row: R, tx: Queryable) => Promise<TNotice[]>;
}) {
  const timer = (name: string, which: "soon" | "today", dayOf: (due: TDay) => TDay) => ({
    name,
    on: opts.on,
    at: (row: R) => escalationInstant(dayOf(opts.dueDay(row))),
    notice: async (row: R, tx: Queryable, now: Date): Promise<TNotice[]> => {
      if (workingDaysBetween(dayOf(opts.dueDay(row)), almatyDay(now)) > 1) return [];
      return opts.notice(which, row, tx);
    },
  });
  return [timer("due_soon", "soon", (due) => escalationDays(due).soon), timer("due_today", "today", (due) => due)];
}

// ---------- The assignment ----------

/** `take`: the staff member who takes the case is its assignee from now. */
export const takenBy = ({ actor, now }: { actor: Actor; now: Date }) => ({ assigneeId: actor.id, assignedAt: now });

/** `assign`, `reassign`: the staff member chosen (checked by `checkAkimatAssignee`) is the assignee from now. */
export const assignedTo = ({ input, now }: { input: { assigneeId: number }; now: Date }) => ({
  assigneeId: input.assigneeId,
  assignedAt: now,
});

// ---------- The moves every case has ----------

/** The applicant's own moves (`withdraw`, `add_documents`): the case must be theirs. */
export const isApplicant = (row: { applicantId: number | null }, actor: Actor) =>
  row.applicantId !== null && row.applicantId === actor.id;

/** `ask_documents`: what the applicant is asked to add, and when. */
export const documentsAsked = ({ input, now }: { input: { request: string }; now: Date }) => ({
  documentsRequest: input.request,
  documentsRequestedAt: now,
});

/** `withdraw`, `record_withdrawal`: when, and the reason given. */
export const withdrawn = ({ reason, now }: { reason: string | null; now: Date }) => ({
  withdrawnAt: now,
  withdrawReason: reason,
});

type THearingInput = z.output<typeof ZAppealHearing>;

/** `hearing_notice`'s check (APPK art. 73): the hearing on a working day at least 3 working days ahead. */
export async function checkHearingDate(_tx: Queryable, { input, now }: { input: THearingInput; now: Date }) {
  const earliest = earliestHearingDay(almatyDay(now));
  if (input.hearingDate < earliest || !isWorkingDay(input.hearingDate)) {
    throw fieldError("hearingDate", "validation.appeal_hearing_date", { date: dmy(earliest) });
  }
}

/** `hearing_notice`: the proposed decision, the hearing's day, time and place, and when it was noticed. */
export const hearingNoticed = ({ input, now }: { input: THearingInput; now: Date }) => ({
  hearingProposal: input.proposal,
  hearingDate: input.hearingDate,
  hearingTime: input.hearingTime ?? null,
  hearingPlace: input.place ?? null,
  hearingNoticedAt: now,
});

// ---------- The answer ----------

/** A case's columns that its answer's shared parts read. */
type TCaseRow = {
  documentsRequest: string | null;
  documentsRequestedAt: Date | null;
  hearingProposal: string | null;
  hearingDate: string | null;
  hearingTime: string | null;
  hearingPlace: string | null;
  hearingNoticedAt: Date | null;
  withdrawnAt: Date | null;
  withdrawReason: string | null;
};

/** The parts of a case's answer every case has (`common/case-schemas.ts`): documents asked, hearing, withdrawal. */
export function caseParts(row: TCaseRow) {
  return {
    documentsRequest:
      row.documentsRequest && row.documentsRequestedAt
        ? { text: row.documentsRequest, at: row.documentsRequestedAt.toISOString() }
        : null,
    hearing:
      row.hearingProposal && row.hearingDate && row.hearingNoticedAt
        ? {
            proposal: row.hearingProposal,
            date: row.hearingDate,
            time: row.hearingTime,
            place: row.hearingPlace,
            at: row.hearingNoticedAt.toISOString(),
          }
        : null,
    withdrawal: row.withdrawnAt ? { at: row.withdrawnAt.toISOString(), reason: row.withdrawReason } : null,
  };
}

// ---------- The history ----------

/**
 * A case's history as the API answers it: the audit's entries without its internal ids, and for
 * anyone but the staff without the staff's internal notes — not even that one was written, or when
 * (decision 019: an internal note never reaches the applicant).
 */
export function caseHistory(entries: THistoryEntry<string, string>[], isStaff: boolean) {
  return entries
    .filter((e) => isStaff || e.action !== "internal_note")
    .map((e) => ({
      at: e.at.toISOString(),
      action: e.action,
      from: e.from,
      to: e.to,
      actorRole: e.actorRole,
      reason: e.reason,
    }));
}

// ---------- The list's filters ----------

/** `%` and `_` typed by a person are letters, not patterns. */
export const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Words typed by a person found in any of the columns (or expressions), case-insensitively. */
export const anyLike = (text: string, columns: (PgColumn | SQL)[]) =>
  or(...columns.map((c) => ilike(c, likeText(text)))) as SQL;

/**
 * The filters every case list takes, for `listQuery`: overdue only or not, the assignee (an id, or
 * `none`), the registration days' period, a text, the applicant (name or phone).
 */
export const CASE_LIST_FILTERS = {
  overdue: z.enum(["true", "false"]).transform((v) => v === "true"),
  assignee: z.union([z.literal("none"), zId()]),
  from: isoDate,
  to: isoDate,
  q: z.string().trim().max(200),
  applicant: z.string().trim().max(200),
};

/** A case's columns the list filters read. */
export type TCaseColumns = {
  status: PgColumn;
  /** The due day in force (an appeal's generated `current_due_day`). */
  dueDay: PgColumn;
  assigneeId: PgColumn;
  registrationDay: PgColumn;
  applicantName: PgColumn;
  applicantPhone: PgColumn;
};

/** The filters every case list takes (`listQuery`'s output). */
export type TCaseFilters = {
  /** `all`, a group's name (`open`, `closed`…), or one status. */
  status: string;
  overdue?: boolean;
  /** An assignee's id, or `none`: nobody assigned. */
  assignee?: "none" | number;
  /** The registration days' period, YYYY-MM-DD, both included. */
  from?: string;
  to?: string;
  /** The applicant's name, or 4 or more digits of their phone. */
  applicant?: string;
};

/**
 * A case list's conditions from its filters: the status (`all`, a group of `groups`, or one),
 * overdue or not against the due day in force on `today` (overdue: open and past it), the assignee
 * (an id, or nobody), the registration period, the applicant by name or phone digits. The caller
 * puts its scope first and adds its own (a type, a number or words of its text).
 */
export function caseConditions(
  t: TCaseColumns,
  q: TCaseFilters,
  opts: { open: readonly string[]; groups: Record<string, readonly string[]>; today: TDay },
): SQL[] {
  const conds: (SQL | undefined)[] = [];
  const group = opts.groups[q.status];
  if (group) conds.push(inArray(t.status, [...group]));
  else if (q.status !== "all") conds.push(eq(t.status, q.status));
  if (q.overdue === true) conds.push(inArray(t.status, [...opts.open]), lt(t.dueDay, opts.today));
  else if (q.overdue === false) {
    conds.push(or(notInArray(t.status, [...opts.open]), sql`${t.dueDay} >= ${opts.today}`));
  }
  if (q.assignee === "none") conds.push(isNull(t.assigneeId));
  else if (typeof q.assignee === "number") conds.push(eq(t.assigneeId, q.assignee));
  if (q.from) conds.push(sql`${t.registrationDay} >= ${q.from}`);
  if (q.to) conds.push(sql`${t.registrationDay} <= ${q.to}`);
  if (q.applicant) {
    const digits = q.applicant.replace(/\D/g, "");
    conds.push(
      or(
        ilike(t.applicantName, likeText(q.applicant)),
        digits.length >= 4 ? ilike(t.applicantPhone, likeText(digits)) : undefined,
      ),
    );
  }
  return conds.filter((c): c is SQL => c !== undefined);
}
