/**
 * The appeals' section of the city's report (issue 14 E), registered here — the reports module
 * knows nothing of appeals; `appeals.routes.ts` imports this file so it registers.
 *
 * Every figure but "overdue now" is of the appeals the akimat **registered in the period**
 * (`registration_day` within it, Almaty days), whatever happened to them since:
 * - by type and by status (the status now);
 * - **answered**: in status `answered`; **on time** when the answer's day (Almaty) is on or before
 *   the due day in force (`current_due_day`: the extension's when there is one, decision 018: the
 *   answer is on time by the end of that day); the share is of the answered ones;
 * - **handling time** of each answered appeal: `workingDaysBetween(registration day, answer day)`
 *   (0 for an answer on the registration day); its average (one decimal) and p90 — the nearest
 *   rank: the smallest time that 90% of the answered appeals did not exceed;
 * - **extended**: an extension was given (`extended_until`); **redirected**: sent on to the
 *   competent body (`redirected_at`);
 * - **overdue now** — not of the period: the akimat's open appeals whose due day in force is
 *   before today (the inbox's overdue filter, `listAppeals`), by status.
 * Each figure opens its appeals, each linking to its page `/user/tickets/:id`.
 */
import { type SQL, sql } from "drizzle-orm";
import { almatyDay, almatyDayReader } from "../../../common/calendar/almaty.ts";
import { workingDaysBetween } from "../../../common/calendar/working-days.ts";
import { APPEAL_STATUSES, APPEAL_TYPES, OPEN_APPEAL_STATUSES } from "../../../common/appeals.ts";
import { formatDate } from "../../../common/i18n.ts";
import { linkTo } from "../../../common/route-table.ts";
import type { TReportTable } from "../../../common/reports.ts";
import {
  countOf,
  countRows,
  drillKey,
  num,
  oneOf,
  parseDrill,
  rowsOf,
  text,
  type TPageWindow,
} from "../reports/report-kit.ts";
import { registerReportSection, type TDrillPage, type TReportScope } from "../reports/reports.registry.ts";

/** The answered: all, on time, late. */
const ANSWERED = ["answered", "ontime", "late"] as const;
type TAnswered = (typeof ANSWERED)[number];

/** The appeals of the akimat registered in the period. */
const cohort = (s: TReportScope) =>
  sql`a.akimat_id = ${s.akimatId} and a.registration_day >= ${s.period.from}::date
      and a.registration_day <= ${s.period.to}::date`;

/** The akimat's open appeals past their due day in force on the scope's today. */
const overdueNow = (s: TReportScope) =>
  sql`a.akimat_id = ${s.akimatId} and a.status in (${sql.join(
    OPEN_APPEAL_STATUSES.map((st) => sql`${st}`),
    sql`, `,
  )}) and a.current_due_day < ${s.today}::date`;

type TAnsweredRow = { id: number; registrationDay: string; dueDay: string; answeredAt: string | Date };

/**
 * An answered appeal's answer day (Almaty), whether it was on time, and its handling time in
 * working days; `dayOf` reads the answer's day (one reader per report: thousands of answers).
 */
function handled(r: TAnsweredRow, dayOf: (d: Date) => string = almatyDay) {
  const answerDay = dayOf(new Date(r.answeredAt));
  return { id: r.id, isOnTime: answerDay <= r.dueDay, days: workingDaysBetween(r.registrationDay, answerDay) };
}

/** The answered appeals of the period (and of `where`, more filters), in the drill's order. */
async function answeredOf(s: TReportScope, where: SQL = sql`true`) {
  const rows = await rowsOf<TAnsweredRow>(
    s,
    sql`select a.id, a.registration_day::text as "registrationDay", a.current_due_day::text as "dueDay",
               a.answered_at as "answeredAt"
        from appeals a
        where ${cohort(s)} and a.status = 'answered' and a.answered_at is not null and ${where}
        order by a.registration_day, a.id`,
  );
  const dayOf = almatyDayReader();
  return rows.map((r) => handled(r, dayOf));
}

/** The nearest-rank percentile of `p` (0–100) of sorted values; null for none. */
export function nearestRank(sorted: readonly number[], p: number): number | null {
  if (!sorted.length) return null;
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

const oneDecimal = (x: number) => Math.round(x * 10) / 10;
const share = (part: number, whole: number) => (whole ? oneDecimal((part / whole) * 100) : null);

type TDrill = Partial<Record<"t" | "s" | "a" | "x" | "r" | "o", string>>;

/** The SQL of a drill's filters other than `a` (answered, on time, late: judged in code, as the figures). */
function drillWhere(s: TReportScope, d: TDrill): SQL {
  if (d.o) return sql`${overdueNow(s)} ${d.s ? sql`and a.status = ${d.s}` : sql``}`;
  return sql`${cohort(s)}
    ${d.t ? sql`and a.type = ${d.t}` : sql``}
    ${d.s ? sql`and a.status = ${d.s}` : sql``}
    ${d.x ? sql`and a.extended_until is not null` : sql``}
    ${d.r ? sql`and a.redirected_at is not null` : sql``}`;
}

async function appealRows(s: TReportScope, d: TDrill, page: TPageWindow): Promise<TDrillPage> {
  let total: number;
  let ids: number[] | null = null;
  const handling = new Map<number, number>();
  if (d.a) {
    const filter = d.a as TAnswered;
    const answered = (await answeredOf(s, drillWhere(s, { ...d, a: undefined }))).filter(
      (r) => filter === "answered" || r.isOnTime === (filter === "ontime"),
    );
    total = answered.length;
    ids = answered.slice(page.offset, page.offset + page.limit).map((r) => r.id);
  } else {
    total = await countOf(s, sql`select count(*)::int as n from appeals a where ${drillWhere(s, d)}`);
  }
  const where =
    ids === null
      ? drillWhere(s, d)
      : ids.length
        ? sql`a.id in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})`
        : sql`false`;
  const rows = await rowsOf<{
    id: number;
    number: string;
    registrationDay: string;
    type: string;
    status: string;
    applicantName: string;
    dueDay: string;
    answeredAt: string | Date | null;
  }>(
    s,
    sql`select a.id, a.number, a.registration_day::text as "registrationDay", a.type, a.status,
               a.applicant_name as "applicantName", a.current_due_day::text as "dueDay", a.answered_at as "answeredAt"
        from appeals a where ${where}
        order by a.registration_day, a.id
        ${ids === null ? sql`limit ${page.limit} offset ${page.offset}` : sql``}`,
  );
  for (const r of rows) {
    if (r.answeredAt && r.status === "answered") {
      handling.set(r.id, handled({ ...r, answeredAt: r.answeredAt }).days);
    }
  }
  const t = s.t;
  const title = [
    t(d.o ? "reports.appeals.overdue_rows" : "reports.appeals.rows"),
    d.t ? t(`appeal.type.${d.t}`) : null,
    d.s ? t(`appeal.status.${d.s}`) : null,
    d.a ? t(`reports.appeals.fig.${d.a}`) : null,
    d.x ? t("reports.appeals.fig.extended") : null,
    d.r ? t("reports.appeals.fig.redirected") : null,
  ];
  return {
    title: title.filter(Boolean).join(" · "),
    columns: [
      { label: t("reports.appeals.col.number"), isNumeric: false },
      { label: t("reports.appeals.col.registered"), isNumeric: false },
      { label: t("reports.appeals.col.type"), isNumeric: false },
      { label: t("reports.col.status"), isNumeric: false },
      { label: t("reports.appeals.col.applicant"), isNumeric: false },
      { label: t("reports.appeals.col.due"), isNumeric: false },
      { label: t("reports.appeals.col.answered"), isNumeric: false },
      { label: t("reports.appeals.col.days"), isNumeric: true },
    ],
    items: rows.map((r) => [
      r.number,
      formatDate(s.locale, r.registrationDay),
      t(`appeal.type.${r.type}`),
      t(`appeal.status.${r.status}`),
      r.applicantName,
      formatDate(s.locale, r.dueDay),
      r.answeredAt ? formatDate(s.locale, almatyDay(new Date(r.answeredAt))) : "",
      handling.get(r.id) ?? null,
    ]),
    links: rows.map((r) => linkTo("user-ticket", { id: r.id })),
    total,
  };
}

registerReportSection({
  id: "appeals",
  order: 40,
  titleKey: "reports.appeals.title",
  async tables(s) {
    const counts = await rowsOf<{ type: string; status: string; n: number; extended: number; redirected: number }>(
      s,
      sql`select a.type, a.status, count(*)::int as n,
                 (count(*) filter (where a.extended_until is not null))::int as extended,
                 (count(*) filter (where a.redirected_at is not null))::int as redirected
          from appeals a where ${cohort(s)} group by 1, 2`,
    );
    const overdue = await rowsOf<{ status: string; n: number }>(
      s,
      sql`select a.status, count(*)::int as n from appeals a where ${overdueNow(s)} group by 1`,
    );
    const answered = await answeredOf(s);
    const sum = (pick: (r: (typeof counts)[number]) => number) => counts.reduce((a, r) => a + pick(r), 0);
    const all = sum((r) => r.n);
    const t = s.t;
    const byEnum = (values: readonly string[], field: "type" | "status", part: "t" | "s"): TReportTable => ({
      id: `appeals.by_${field}`,
      title: t(`reports.appeals.by_${field}`),
      columns: [
        { label: t(field === "type" ? "reports.appeals.col.type" : "reports.col.status"), isNumeric: false },
        { label: t("reports.appeals.col.count"), isNumeric: true },
      ],
      rows: countRows(
        s,
        values.map((v) => ({
          label: t(`appeal.${field}.${v}`),
          n: sum((r) => (r[field] === v ? r.n : 0)),
          drill: drillKey({ [part]: v }),
        })),
        "all",
      ),
      chart: { by: "rows", series: [1], isStacked: false },
    });
    const onTime = answered.filter((r) => r.isOnTime).length;
    const days = answered.map((r) => r.days).sort((a, b) => a - b);
    const average = days.length ? oneDecimal(days.reduce((a, d) => a + d, 0) / days.length) : null;
    const figure = (key: string, n: number, drill: string, value: number | null = null) => ({
      cells: [text(t(`reports.appeals.fig.${key}`)), num(n, drill), num(value)],
    });
    const handling: TReportTable = {
      id: "appeals.handling",
      title: t("reports.appeals.handling"),
      columns: [
        { label: t("reports.appeals.col.figure"), isNumeric: false },
        { label: t("reports.appeals.col.count"), isNumeric: true },
        { label: t("reports.appeals.col.value"), isNumeric: true },
      ],
      rows: [
        figure("registered", all, "all"),
        figure("answered", answered.length, drillKey({ a: "answered" })),
        figure("ontime", onTime, drillKey({ a: "ontime" }), share(onTime, answered.length)),
        figure(
          "late",
          answered.length - onTime,
          drillKey({ a: "late" }),
          share(answered.length - onTime, answered.length),
        ),
        figure("average_days", answered.length, drillKey({ a: "answered" }), average),
        figure("p90_days", answered.length, drillKey({ a: "answered" }), nearestRank(days, 90)),
        figure(
          "extended",
          sum((r) => r.extended),
          drillKey({ x: 1 }),
        ),
        figure(
          "redirected",
          sum((r) => r.redirected),
          drillKey({ r: 1 }),
        ),
      ],
      note: t("reports.appeals.handling_note"),
    };
    const overdueTable: TReportTable = {
      id: "appeals.overdue",
      title: t("reports.appeals.overdue", { date: formatDate(s.locale, s.today) }),
      columns: [
        { label: t("reports.col.status"), isNumeric: false },
        { label: t("reports.appeals.col.count"), isNumeric: true },
      ],
      rows: countRows(
        s,
        OPEN_APPEAL_STATUSES.map((st) => ({
          label: t(`appeal.status.${st}`),
          n: overdue.find((r) => r.status === st)?.n ?? 0,
          drill: drillKey({ o: 1, s: st }),
        })),
        drillKey({ o: 1 }),
      ),
      chart: { by: "rows", series: [1], isStacked: false },
      note: t("reports.appeals.overdue_note"),
    };
    return [byEnum(APPEAL_TYPES, "type", "t"), byEnum(APPEAL_STATUSES, "status", "s"), handling, overdueTable];
  },
  async rows(s, key, page) {
    const d = parseDrill(key, {
      t: oneOf(APPEAL_TYPES),
      s: oneOf(APPEAL_STATUSES),
      a: oneOf(ANSWERED),
      x: /^1$/,
      r: /^1$/,
      o: /^1$/,
    });
    if (!d) return null;
    // Overdue now is of today, not the period: only its status narrows it, to an open one.
    if (d.o && (d.t || d.a || d.x || d.r || (d.s && !(OPEN_APPEAL_STATUSES as readonly string[]).includes(d.s)))) {
      return null;
    }
    return appealRows(s, d, page);
  },
});
