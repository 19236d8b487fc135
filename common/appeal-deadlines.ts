/**
 * The terms of an appeal to the akimat on Kazakhstan's working days (APPK; decision 018), as pure
 * functions of days (`YYYY-MM-DD`, Almaty) and instants: the server stores and schedules with them,
 * the screens draw the countdown with the same code. Isomorphic (no server imports).
 *
 * Office hours: the akimat's reception works 09:00–18:00 Almaty time on working days
 * (`OFFICE_HOURS`). An appeal is registered on the day it arrives when that is a working day and
 * the reception has not closed yet (art. 64); one that arrives before 09:00 on a working day is
 * registered that day as the reception opens, at 09:00 — the law defers only what arrives after
 * hours or on a day off (decision 018, `registrationDay`); one that arrives at 18:00 or later, or
 * on a day off, is registered at 09:00 on the next working day. The registration's instant is
 * therefore never outside office hours.
 */
import { almatyInstant } from "./calendar/almaty.ts";
import { addCalendarMonths, type TDay } from "./calendar/days.ts";
import {
  addWorkingDays,
  isWorkingDay,
  OFFICE_HOURS,
  registrationDay,
  subtractWorkingDays,
  workingDaysBetween,
} from "./calendar/working-days.ts";
import { APPEAL_TERMS, type AppealStatus, isOpenAppeal } from "./appeals.ts";

export type { TDay };

/** When an appeal that arrived at `arrivedAt` is registered: its day, and the instant (09:00 when deferred). */
export function appealRegistration(arrivedAt: Date): { day: TDay; at: Date; isDeferred: boolean } {
  const day = registrationDay(arrivedAt, OFFICE_HOURS);
  const opens = almatyInstant(day, OFFICE_HOURS.opens);
  const isDeferred = arrivedAt < opens;
  return { day, at: isDeferred ? opens : arrivedAt, isDeferred };
}

/**
 * The day the answer is due: the 15th working day after the registration day (art. 76 p. 1; the
 * term runs from the day after the day that starts it, decision 018). On time when given by the
 * end of that day.
 */
export function answerDueDay(registered: TDay): TDay {
  return addWorkingDays(registered, APPEAL_TERMS.answerWorkingDays);
}

/**
 * The latest day an extension may reach: the term, extensions included, is at most two months
 * from registration (art. 76 p. 2). The day two calendar months on when it is a working day, else
 * the working day before it — an answer is given on a working day, and the limit is not passed.
 */
export function maxExtensionDay(registered: TDay): TDay {
  return subtractWorkingDays(addCalendarMonths(registered, APPEAL_TERMS.extensionMonthsMax), 0);
}

/** Whether `day` may be the new due day of an extension: after the current due day, a working day, within two months. */
export function isValidExtension(registered: TDay, currentDue: TDay, day: TDay): boolean {
  return day > currentDue && isWorkingDay(day) && day <= maxExtensionDay(registered);
}

/** The last day to redirect an appeal outside the akimat's competence: 3 working days after registration (art. 65). */
export function redirectByDay(registered: TDay): TDay {
  return addWorkingDays(registered, APPEAL_TERMS.redirectWorkingDays);
}

/** The last day to tell the applicant of an extension decided on `decided`: 3 working days on. */
export function extensionNoticeByDay(decided: TDay): TDay {
  return addWorkingDays(decided, APPEAL_TERMS.extensionNoticeWorkingDays);
}

/** The earliest day of a hearing noticed on `noticed`: 3 working days on (art. 73). */
export function earliestHearingDay(noticed: TDay): TDay {
  return addWorkingDays(noticed, APPEAL_TERMS.hearingNoticeWorkingDays);
}

/** The due day in force: the extension's when there is one. */
export function currentDueDay(a: { dueDay: TDay; extendedUntil: TDay | null }): TDay {
  return a.extendedUntil ?? a.dueDay;
}

/** The escalation days of a due day: 2 working days before it (`soon`), and the day itself (`due`). */
export function escalationDays(due: TDay): { soon: TDay; due: TDay } {
  return { soon: subtractWorkingDays(due, APPEAL_TERMS.escalateWorkingDaysBefore), due };
}

/** The instant an escalation of `day` is sent: as the reception opens, so the day is left to act. */
export function escalationInstant(day: TDay): Date {
  return almatyInstant(day, OFFICE_HOURS.opens);
}

/** Working days left until the due day: 0 on it, negative once it has passed (−1 the working day after). */
export function workingDaysLeft(today: TDay, due: TDay): number {
  return workingDaysBetween(today, due);
}

/** Whether an open appeal is past its due day on `today` (the due day itself is still on time). */
export function isOverdue(a: { status: AppealStatus; dueDay: TDay; extendedUntil: TDay | null }, today: TDay): boolean {
  return isOpenAppeal(a.status) && today > currentDueDay(a);
}

/** What a screen shows of an appeal's term on `today`: the due day, working days left, overdue, due soon. */
export type TAppealCountdown = {
  dueDay: TDay;
  /** Null once the appeal is closed (answered, redirected, withdrawn). */
  daysLeft: number | null;
  isOverdue: boolean;
  /** Open and within the escalation's 2 working days (the due day included), not yet overdue. */
  isDueSoon: boolean;
};

export function appealCountdown(
  a: { status: AppealStatus; dueDay: TDay; extendedUntil: TDay | null },
  today: TDay,
): TAppealCountdown {
  return caseCountdown(isOpenAppeal(a.status), currentDueDay(a), today);
}

/**
 * The term of a case under these terms (an appeal, a reburial request) on `today`, given whether
 * it is still open and the due day in force: working days left, overdue, due soon.
 */
export function caseCountdown(isOpen: boolean, dueDay: TDay, today: TDay): TAppealCountdown {
  if (!isOpen) return { dueDay, daysLeft: null, isOverdue: false, isDueSoon: false };
  const daysLeft = workingDaysLeft(today, dueDay);
  const overdue = today > dueDay;
  return {
    dueDay,
    daysLeft,
    isOverdue: overdue,
    isDueSoon: !overdue && daysLeft <= APPEAL_TERMS.escalateWorkingDaysBefore,
  };
}
