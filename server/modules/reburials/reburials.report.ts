/**
 * The reburials' section of the city's report (issue 14 E), registered here — the reports module
 * knows nothing of reburials; `reburials.routes.ts` imports this file so it registers.
 *
 * Of the requests the akimat **registered in the period** (`registration_day` within it, Almaty
 * days): by status (the status now); **approved** (`approved`, or `reburied` since: both were
 * approved) and **refused**, with their shares of the two. **Overdue now**, not of the period: the
 * akimat's open requests whose due day is before today, by status. Each figure opens its requests,
 * each linking to its page `/user/reburials/:id`.
 */
import { type SQL, sql } from "drizzle-orm";
import { formatDate } from "../../../common/i18n.ts";
import { fullName } from "../../../common/person.ts";
import { OPEN_REBURIAL_STATUSES, REBURIAL_STATUSES, reburialNumber } from "../../../common/reburials.ts";
import { linkTo } from "../../../common/route-table.ts";
import type { TReportTable } from "../../../common/reports.ts";
import { countOf, countRows, drillKey, num, oneOf, parseDrill, rowsOf, text } from "../reports/report-kit.ts";
import { registerReportSection, type TReportScope } from "../reports/reports.registry.ts";

/** A decision and the statuses that record it. */
const DECISIONS = { approved: ["approved", "reburied"], refused: ["refused"] } as const;
type TDecision = keyof typeof DECISIONS;

const inList = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

const cohort = (s: TReportScope) =>
  sql`r.akimat_id = ${s.akimatId} and r.registration_day >= ${s.period.from}::date
      and r.registration_day <= ${s.period.to}::date`;

const overdueNow = (s: TReportScope) =>
  sql`r.akimat_id = ${s.akimatId} and r.status in (${inList(OPEN_REBURIAL_STATUSES)})
      and r.due_day < ${s.today}::date`;

const oneDecimal = (x: number) => Math.round(x * 10) / 10;

registerReportSection({
  id: "reburials",
  order: 50,
  titleKey: "reports.reburials.title",
  async tables(s) {
    const counts = await rowsOf<{ status: string; n: number }>(
      s,
      sql`select r.status, count(*)::int as n from reburial_requests r where ${cohort(s)} group by 1`,
    );
    const overdue = await rowsOf<{ status: string; n: number }>(
      s,
      sql`select r.status, count(*)::int as n from reburial_requests r where ${overdueNow(s)} group by 1`,
    );
    const t = s.t;
    const n = (statuses: readonly string[]) =>
      counts.filter((r) => statuses.includes(r.status)).reduce((a, r) => a + r.n, 0);
    const countColumn = { label: t("reports.reburials.col.count"), isNumeric: true };
    const decided = n(DECISIONS.approved) + n(DECISIONS.refused);
    const byStatus: TReportTable = {
      id: "reburials.by_status",
      title: t("reports.reburials.by_status"),
      columns: [{ label: t("reports.col.status"), isNumeric: false }, countColumn],
      rows: countRows(
        s,
        REBURIAL_STATUSES.map((st) => ({ label: t(`reburial.status.${st}`), n: n([st]), drill: drillKey({ s: st }) })),
        "all",
      ),
      chart: { by: "rows", series: [1], isStacked: false },
    };
    const decisions: TReportTable = {
      id: "reburials.decisions",
      title: t("reports.reburials.decisions"),
      columns: [
        { label: t("reports.reburials.col.decision"), isNumeric: false },
        countColumn,
        { label: t("reports.reburials.col.share"), isNumeric: true },
      ],
      rows: (Object.keys(DECISIONS) as TDecision[]).map((d) => ({
        cells: [
          text(t(`reports.reburials.decision.${d}`)),
          num(n(DECISIONS[d]), drillKey({ d })),
          num(decided ? oneDecimal((n(DECISIONS[d]) / decided) * 100) : null),
        ],
      })),
      chart: { by: "rows", series: [1], isStacked: false },
      note: t("reports.reburials.decisions_note"),
    };
    const overdueTable: TReportTable = {
      id: "reburials.overdue",
      title: t("reports.reburials.overdue", { date: formatDate(s.locale, s.today) }),
      columns: [{ label: t("reports.col.status"), isNumeric: false }, countColumn],
      rows: countRows(
        s,
        OPEN_REBURIAL_STATUSES.map((st) => ({
          label: t(`reburial.status.${st}`),
          n: overdue.find((r) => r.status === st)?.n ?? 0,
          drill: drillKey({ o: 1, s: st }),
        })),
        drillKey({ o: 1 }),
      ),
      chart: { by: "rows", series: [1], isStacked: false },
    };
    return [byStatus, decisions, overdueTable];
  },
  async rows(s, key, page) {
    const d = parseDrill(key, { s: oneOf(REBURIAL_STATUSES), d: oneOf(Object.keys(DECISIONS)), o: /^1$/ });
    if (!d || (d.d && d.s)) return null;
    if (d.o && (d.d || (d.s && !(OPEN_REBURIAL_STATUSES as readonly string[]).includes(d.s)))) return null;
    const where: SQL = d.o
      ? sql`${overdueNow(s)} ${d.s ? sql`and r.status = ${d.s}` : sql``}`
      : sql`${cohort(s)}
          ${d.s ? sql`and r.status = ${d.s}` : sql``}
          ${d.d ? sql`and r.status in (${inList(DECISIONS[d.d as TDecision])})` : sql``}`;
    const total = await countOf(s, sql`select count(*)::int as n from reburial_requests r where ${where}`);
    const rows = await rowsOf<{
      id: number;
      createdAt: string | Date;
      registrationDay: string;
      surname: string;
      name: string;
      patronymic: string;
      applicantName: string;
      status: string;
      dueDay: string;
      reburialDate: string | null;
    }>(
      s,
      sql`select r.id, r.created_at as "createdAt", r.registration_day::text as "registrationDay", r.surname,
                 r.name, r.patronymic, r.applicant_name as "applicantName", r.status, r.due_day::text as "dueDay",
                 r.reburial_date::text as "reburialDate"
          from reburial_requests r where ${where}
          order by r.registration_day, r.id limit ${page.limit} offset ${page.offset}`,
    );
    const t = s.t;
    return {
      title: [
        t(d.o ? "reports.reburials.overdue_rows" : "reports.reburials.rows"),
        d.s ? t(`reburial.status.${d.s}`) : null,
        d.d ? t(`reports.reburials.decision.${d.d}`) : null,
      ]
        .filter(Boolean)
        .join(" · "),
      columns: [
        { label: t("reports.reburials.col.number"), isNumeric: false },
        { label: t("reports.reburials.col.registered"), isNumeric: false },
        { label: t("reports.col.deceased"), isNumeric: false },
        { label: t("reports.reburials.col.applicant"), isNumeric: false },
        { label: t("reports.col.status"), isNumeric: false },
        { label: t("reports.reburials.col.due"), isNumeric: false },
        { label: t("reports.reburials.col.reburial_date"), isNumeric: false },
      ],
      items: rows.map((r) => [
        reburialNumber(r.id, r.createdAt),
        formatDate(s.locale, r.registrationDay),
        fullName(r),
        r.applicantName,
        t(`reburial.status.${r.status}`),
        formatDate(s.locale, r.dueDay),
        r.reburialDate ? formatDate(s.locale, r.reburialDate) : "",
      ]),
      links: rows.map((r) => linkTo("user-reburial", { id: r.id })),
      total,
    };
  },
});
