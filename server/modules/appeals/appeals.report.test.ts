import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerDueDay } from "../../../common/appeal-deadlines.ts";
import { almatyInstant } from "../../../common/calendar/almaty.ts";
import type { TReport, TReportRows, TReportSection } from "../../../common/reports.ts";
import { createHarness, type Harness } from "../../test/harness.ts";
import { pdfText } from "../../test/pdf-text.ts";
import { demoAkimatId } from "../../test/registry-fixtures.ts";
import { reburialRequests } from "../reburials/reburials.tables.ts";
import { akimats } from "../users/organisations.tables.ts";
import { appeals } from "./appeals.tables.ts";

/**
 * The appeals' and the reburials' sections of the city's report on appeals whose figures are
 * computed by hand below, for March and April 2026, "today" being Monday 27 April 2026.
 *
 * Kazakhstan's calendar of those months (decision 018): days off besides weekends are Monday
 * 9 March (8 March fell on a Sunday), Monday 23 – Wednesday 25 March (Nauryz; 21–22 were a weekend),
 * Friday 1 May, Thursday 7 May, Monday 11 May (9 May a Saturday), Wednesday 27 May (Kurban ait).
 * So the working days are:
 *   March: 2 3 4 5 6 | 10 11 12 13 | 16 17 18 19 20 | 26 27 | 30 31
 *   April: 1 2 3 | 6 7 8 9 10 | 13 14 15 16 17 | 20 21 22 23 24 | 27 28 29 30
 *   May:   4 5 6 8 | 12 13 14 15 | …
 * A due day is the 15th working day after the registration day; a handling time the working days
 * after the registration day through the answer's day.
 */

let h: Harness;
const tokens: Record<string, string> = {};
let akimatA = 0;
let akimatB = 0;
const id: Record<string, number> = {};

const MARCH = "from=2026-03-01&to=2026-03-31";
const APRIL = "from=2026-04-01&to=2026-04-30";
const TODAY = almatyInstant("2026-04-27", "12:00");
const at = (day: string, time: string) => almatyInstant(day, time);

type TAppealSeed = {
  key: string;
  akimat?: "B";
  type: "statement" | "complaint" | "proposal" | "request" | "response";
  status: "registered" | "in_work" | "waiting_applicant" | "hearing" | "redirected" | "answered" | "withdrawn";
  registered: string;
  due: string;
  extendedUntil?: string;
  answeredAt?: Date;
};

/**
 * The appeals. Due days by hand (15 working days on, the list above):
 * - 27 Feb (Fri) → 2 3 4 5 6 (5) 10 11 12 13 (9) 16–20 (14) 26 (15): 26 Mar;
 * - 2 Mar (Mon) → 3 4 5 6 (4) 10–13 (8) 16–20 (13) 26 27 (15): 27 Mar;
 * - 5 Mar (Thu) → 6 (1) 10–13 (5) 16–20 (10) 26 27 (12) 30 31 (14) 1 Apr (15): 1 Apr;
 * - 6 Mar (Fri) → 10–13 (4) 16–20 (9) 26 27 (11) 30 31 (13) 1 2 Apr (15): 2 Apr;
 * - 10 Mar (Tue) → 11–13 (3) 16–20 (8) 26 27 (10) 30 31 (12) 1 2 3 Apr (15): 3 Apr;
 * - 20 Mar (Fri) → 26 27 (2) 30 31 (4) 1–3 (7) 6–10 (12) 13 14 15 (15): 15 Apr;
 * - 27 Mar (Fri) → 30 31 (2) 1–3 (5) 6–10 (10) 13–17 (15): 17 Apr;
 * - 31 Mar (Tue) → 1–3 (3) 6–10 (8) 13–17 (13) 20 21 (15): 21 Apr;
 * - 1 Apr (Wed) → 2 3 (2) 6–10 (7) 13–17 (12) 20 21 22 (15): 22 Apr;
 * - 6 Apr (Mon) → 7–10 (4) 13–17 (9) 20–24 (14) 27 (15): 27 Apr;
 * - 10 Apr (Fri) → 13–17 (5) 20–24 (10) 27–30 (14) 4 May (15): 4 May;
 * - 15 Apr (Wed) → 16 17 (2) 20–24 (7) 27–30 (11) 4 5 6 8 May (15): 8 May;
 * - 20 Apr (Mon) → 21–24 (4) 27–30 (8) 4 5 6 8 (12) 12 13 14 May (15): 14 May.
 */
const APPEALS: TAppealSeed[] = [
  // March. Answered 20 Mar, due 27 Mar: on time; 3–6 (4) 10–13 (8) 16–20 (13): 13 working days.
  {
    key: "a1",
    type: "statement",
    status: "answered",
    registered: "2026-03-02",
    due: "2026-03-27",
    answeredAt: at("2026-03-20", "15:00"),
  },
  // Answered 2 Apr, due 1 Apr: late; 6 (1) 10–13 (5) 16–20 (10) 26 27 (12) 30 31 (14) 1 2 (16): 16.
  {
    key: "a2",
    type: "complaint",
    status: "answered",
    registered: "2026-03-05",
    due: "2026-04-01",
    answeredAt: at("2026-04-02", "10:00"),
  },
  // Due 2 Apr, extended to 20 Apr, answered 17 Apr: on time (by the extension), and extended;
  // 10–13 (4) 16–20 (9) 26 27 (11) 30 31 (13) 1–3 (16) 6–10 (21) 13–17 (26): 26.
  {
    key: "a3",
    type: "statement",
    status: "answered",
    registered: "2026-03-06",
    due: "2026-04-02",
    extendedUntil: "2026-04-20",
    answeredAt: at("2026-04-17", "11:00"),
  },
  // Answered on the registration day: 0 working days, on time.
  {
    key: "a4",
    type: "request",
    status: "answered",
    registered: "2026-03-10",
    due: "2026-04-03",
    answeredAt: at("2026-03-10", "17:00"),
  },
  // Open, due 15 Apr: overdue on 27 Apr (in work).
  { key: "a5", type: "proposal", status: "in_work", registered: "2026-03-20", due: "2026-04-15" },
  // Redirected: closed, never overdue.
  { key: "a6", type: "complaint", status: "redirected", registered: "2026-03-27", due: "2026-04-17" },
  // Waiting for the applicant, due 21 Apr: overdue on 27 Apr (the term keeps running).
  { key: "a7", type: "statement", status: "waiting_applicant", registered: "2026-03-31", due: "2026-04-21" },
  // Extended to 14 Apr, at the hearing: overdue on 27 Apr by the extension's day too.
  {
    key: "a8",
    type: "response",
    status: "hearing",
    registered: "2026-03-02",
    due: "2026-03-27",
    extendedUntil: "2026-04-14",
  },
  // Statutory day 1 Apr passed, extended to 30 Apr: not overdue on 27 Apr.
  {
    key: "a9",
    type: "complaint",
    status: "in_work",
    registered: "2026-03-05",
    due: "2026-04-01",
    extendedUntil: "2026-04-30",
  },
  // Answered at 00:30 on 22 Apr in Almaty (21 Apr 19:30 UTC), due 21 Apr: late by Almaty's day;
  // 1–3 (3) 6–10 (8) 13–17 (13) 20 21 22 (16): 16.
  {
    key: "a10",
    type: "request",
    status: "answered",
    registered: "2026-03-31",
    due: "2026-04-21",
    answeredAt: at("2026-04-22", "00:30"),
  },
  // April. Answered on its due day 22 Apr at 17:00: on time; 2 3 (2) 6–10 (7) 13–17 (12) 20 21 22 (15): 15.
  {
    key: "a11",
    type: "statement",
    status: "answered",
    registered: "2026-04-01",
    due: "2026-04-22",
    answeredAt: at("2026-04-22", "17:00"),
  },
  { key: "a12", type: "complaint", status: "registered", registered: "2026-04-15", due: "2026-05-08" },
  { key: "a13", type: "statement", status: "withdrawn", registered: "2026-04-10", due: "2026-05-04" },
  // Due today, 27 Apr: still on time, not overdue.
  { key: "a14", type: "proposal", status: "in_work", registered: "2026-04-06", due: "2026-04-27" },
  { key: "a15", type: "request", status: "redirected", registered: "2026-04-01", due: "2026-04-22" },
  // February: outside both periods. Its answer (10 Mar) is not March's; the open one is overdue now.
  {
    key: "a16",
    type: "statement",
    status: "answered",
    registered: "2026-02-27",
    due: "2026-03-26",
    answeredAt: at("2026-03-10", "12:00"),
  },
  { key: "a17", type: "statement", status: "in_work", registered: "2026-02-27", due: "2026-03-26" },
  // Another akimat's: overdue, redirected, answered — never in the demo akimat's figures.
  { key: "b1", akimat: "B", type: "statement", status: "in_work", registered: "2026-03-02", due: "2026-03-27" },
  {
    key: "b2",
    akimat: "B",
    type: "complaint",
    status: "answered",
    registered: "2026-04-01",
    due: "2026-04-22",
    answeredAt: at("2026-04-02", "12:00"),
  },
  { key: "b3", akimat: "B", type: "complaint", status: "redirected", registered: "2026-03-10", due: "2026-04-03" },
];

type TReburialSeed = {
  key: string;
  akimat?: "B";
  status: "submitted" | "in_work" | "hearing" | "approved" | "refused" | "withdrawn" | "reburied";
  registered: string;
  due: string;
};

/** Reburial requests (their term is an appeal's: due days as above). */
const REBURIALS: TReburialSeed[] = [
  { key: "r1", status: "submitted", registered: "2026-03-02", due: "2026-03-27" }, // overdue now
  { key: "r2", status: "approved", registered: "2026-03-10", due: "2026-04-03" },
  { key: "r3", status: "reburied", registered: "2026-03-20", due: "2026-04-15" }, // approved, then done
  { key: "r4", status: "refused", registered: "2026-03-31", due: "2026-04-21" },
  { key: "r5", status: "in_work", registered: "2026-03-31", due: "2026-04-21" }, // overdue now
  { key: "r6", status: "hearing", registered: "2026-04-06", due: "2026-04-27" }, // due today: not overdue
  { key: "r7", status: "approved", registered: "2026-04-15", due: "2026-05-08" },
  { key: "r8", status: "withdrawn", registered: "2026-04-20", due: "2026-05-14" },
  { key: "r9", akimat: "B", status: "submitted", registered: "2026-03-10", due: "2026-04-03" }, // another akimat's
];

beforeAll(async () => {
  h = await createHarness();
  await h.reset();
  akimatA = await demoAkimatId(h.db);
  const [b] = await h.db
    .insert(akimats)
    .values({ nameRu: "Акимат Шымкента", nameKk: "Шымкент әкімдігі", city: "Шымкент" })
    .returning({ id: akimats.id });
  akimatB = b?.id as number;
  for (const [i, a] of APPEALS.entries()) {
    const [row] = await h.db
      .insert(appeals)
      .values({
        number: `T-2026-${String(i + 1).padStart(6, "0")}`,
        akimatId: a.akimat ? akimatB : akimatA,
        channel: "web",
        type: a.type,
        language: "ru",
        status: a.status,
        text: "Текст обращения",
        applicantName: `Заявитель ${a.key}`,
        applicantPhone: "+77010000000",
        registeredAt: at(a.registered, "10:00"),
        registrationDay: a.registered,
        dueDay: a.due,
        extendedUntil: a.extendedUntil ?? null,
        redirectedAt: a.status === "redirected" ? at(a.registered, "16:00") : null,
        redirectToBody: a.status === "redirected" ? "Департамент" : null,
        outcome: a.answeredAt ? "satisfied" : null,
        answeredAt: a.answeredAt ?? null,
      })
      .returning({ id: appeals.id });
    id[a.key] = row?.id as number;
  }
  for (const r of REBURIALS) {
    const [row] = await h.db
      .insert(reburialRequests)
      .values({
        akimatId: r.akimat ? akimatB : akimatA,
        status: r.status,
        language: "ru",
        applicantName: `Заявитель ${r.key}`,
        applicantPhone: "+77010000000",
        sourceText: "Могила за пределами платформы",
        surname: `Умерший ${r.key}`,
        destinationText: "Другой город",
        reason: "Причина",
        registeredAt: at(r.registered, "10:00"),
        registrationDay: r.registered,
        dueDay: r.due,
      })
      .returning({ id: reburialRequests.id });
    id[r.key] = row?.id as number;
  }
  for (const role of ["admin", "akimat"] as const) tokens[role] = await h.login(h.phones[role]);
  h.setNow(TODAY);
});
afterAll(async () => h?.close());

const report = async (query: string, token = tokens.akimat) => {
  const res = await h.request("GET", `/reports?${query}`, { token });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json as TReport;
};
const section = (r: TReport, sid: string) => r.sections.find((s) => s.id === sid) as TReportSection;
/** A table's figures as plain values, row by row. */
const values = (s: TReportSection, table: number) => s.tables[table]?.rows.map((row) => row.cells.map((c) => c.value));
const column = (s: TReportSection, table: number, col = 1) => values(s, table)?.map((row) => row[col]);
const rows = async (sid: string, query: string, drill: string, token = tokens.akimat) => {
  const res = await h.request(
    "GET",
    `/reports/sections/${sid}/rows?${query}&pageSize=100&drill=${encodeURIComponent(drill)}`,
    { token },
  );
  expect(res.status, `${sid} ${drill}: ${JSON.stringify(res.json)}`).toBe(200);
  return res.json as TReportRows;
};

describe("the seed", () => {
  it("has the due days the law gives (computed by hand above, checked by the calendar)", () => {
    for (const a of [...APPEALS, ...REBURIALS]) expect(answerDueDay(a.registered), a.key).toBe(a.due);
  });
});

describe("the appeals' section", () => {
  it("counts March 2026 as computed by hand", async () => {
    const s = section(await report(MARCH), "appeals");
    expect(s.title).toBe("Обращения в акимат");
    expect(s.tables.map((t) => t.id)).toEqual([
      "appeals.by_type",
      "appeals.by_status",
      "appeals.handling",
      "appeals.overdue",
    ]);
    // Registered 2–31 March: a1–a10 (a16, a17 on 27 Feb are not; b1, b3 are another akimat's).
    // Statement a1 a3 a7; complaint a2 a6 a9; proposal a5; request a4 a10; response a8.
    expect(values(s, 0)).toEqual([
      ["Заявление", 3],
      ["Жалоба", 3],
      ["Предложение", 1],
      ["Запрос", 2],
      ["Отклик", 1],
      ["Всего", 10],
    ]);
    // Answered a1 a2 a3 a4 a10; in work a5 a9; waiting a7; hearing a8; redirected a6.
    expect(column(s, 1)).toEqual([0, 2, 1, 1, 1, 5, 0, 10]);
    // Answered 5: on time a1 (20 ≤ 27 Mar), a3 (17 ≤ 20 Apr, extended), a4 (10 Mar ≤ 3 Apr) = 3,
    // 3 ÷ 5 = 60%; late a2 (2 Apr > 1 Apr), a10 (22 Apr > 21 Apr) = 2, 40%.
    // Handling 13 + 16 + 26 + 0 + 16 = 71 ÷ 5 = 14.2; sorted 0 13 16 16 26, p90 the
    // ⌈0.9 × 5⌉ = 5th: 26. Extended a3 a8 a9 = 3; redirected a6 = 1.
    expect(values(s, 2)).toEqual([
      ["Зарегистрировано обращений", 10, null],
      ["Дан ответ", 5, null],
      ["Ответ в срок, %", 3, 60],
      ["Ответ с нарушением срока, %", 2, 40],
      ["Средний срок рассмотрения, рабочих дней", 5, 14.2],
      ["90-й перцентиль срока рассмотрения, рабочих дней", 5, 26],
      ["Срок продлён", 3, null],
      ["Направлено по компетенции", 1, null],
    ]);
    // Overdue on 27 Apr, whatever the period: a5 (15 Apr), a17 (26 Mar) in work; a7 (21 Apr)
    // waiting; a8 (extended to 14 Apr) at the hearing = 4. Not a9 (extended to 30 Apr), not a14
    // (due today), not b1 (another akimat).
    expect(s.tables[3]?.title).toBe("Просроченные обращения на 27.04.2026");
    expect(values(s, 3)).toEqual([
      ["Зарегистрировано", 0],
      ["В работе", 2],
      ["Ждёт документов от заявителя", 1],
      ["Назначено заслушивание", 1],
      ["Всего", 4],
    ]);
  });

  it("counts April 2026 as computed by hand", async () => {
    const s = section(await report(APRIL), "appeals");
    // a11 a13 statements, a12 complaint, a14 proposal, a15 request.
    expect(column(s, 0)).toEqual([2, 1, 1, 1, 0, 5]);
    // a12 registered, a14 in work, a15 redirected, a11 answered, a13 withdrawn.
    expect(column(s, 1)).toEqual([1, 1, 0, 0, 1, 1, 1, 5]);
    // One answer, a11, on its due day: 1 of 1 on time, 100%; 15 working days, so average and p90 15.
    expect(values(s, 2)?.map((row) => row.slice(1))).toEqual([
      [5, null],
      [1, null],
      [1, 100],
      [0, 0],
      [1, 15],
      [1, 15],
      [0, null],
      [1, null],
    ]);
    // Overdue now is of today: the same four as in March's report.
    expect(column(s, 3)).toEqual([0, 2, 1, 1, 4]);
  });

  it("has no answer to average in a period without answers", async () => {
    const s = section(await report("from=2026-05-01&to=2026-05-31"), "appeals");
    expect(values(s, 2)?.map((row) => row.slice(1))).toEqual([
      [0, null],
      [0, null],
      [0, null],
      [0, null],
      [0, null],
      [0, null],
      [0, null],
      [0, null],
    ]);
  });

  it("opens the appeals behind every figure, as many as it says, each linking to its page", async () => {
    for (const period of [MARCH, APRIL]) {
      const s = section(await report(period), "appeals");
      let checked = 0;
      for (const table of s.tables) {
        for (const row of table.rows) {
          for (const cell of row.cells) {
            if (!cell.drill) continue;
            const r = await rows("appeals", period, cell.drill);
            expect([r.total, r.items.length], `${period} ${cell.drill}`).toEqual([cell.value, cell.value]);
            expect(r.links).toHaveLength(r.items.length);
            checked++;
          }
        }
      }
      // 6 by type, 8 by status, 8 handling figures, 5 overdue.
      expect(checked).toBe(27);
    }
    const onTime = await rows("appeals", MARCH, "a:ontime");
    expect(onTime.items.map((r) => r[4])).toEqual(["Заявитель a1", "Заявитель a3", "Заявитель a4"]);
    expect(onTime.links).toEqual([id.a1, id.a3, id.a4].map((n) => `/user/tickets/${n}`));
    // The handling time of each answer, in registration order: a1 a2 a3 a4 a10.
    const answered = await rows("appeals", MARCH, "a:answered");
    expect(answered.items.map((r) => [r[4], r[6], r[7]])).toEqual([
      ["Заявитель a1", "20.03.2026", 13],
      ["Заявитель a2", "02.04.2026", 16],
      ["Заявитель a3", "17.04.2026", 26],
      ["Заявитель a4", "10.03.2026", 0],
      ["Заявитель a10", "22.04.2026", 16],
    ]);
    const overdue = await rows("appeals", APRIL, "o:1");
    expect(overdue.items.map((r) => r[4])).toEqual(["Заявитель a17", "Заявитель a8", "Заявитель a5", "Заявитель a7"]);
    // Pages of a drill judged in code (on time, late) hold the rest.
    const page2 = await h.request("GET", `/reports/sections/appeals/rows?${MARCH}&drill=a:answered&pageSize=2&page=3`, {
      token: tokens.akimat,
    });
    expect([page2.json.total, page2.json.items.map((r: unknown[]) => r[4])]).toEqual([5, ["Заявитель a10"]]);
  });

  it("prints the section in Kazakh", async () => {
    const s = section(await report(`${MARCH}&lang=kk`), "appeals");
    expect(s.title).toBe("Әкімдікке өтініштер");
    expect(values(s, 0)?.[0]).toEqual(["Арыз", 3]);
    expect(s.tables[3]?.title).toBe("27.04.2026 күнгі мерзімі өткен өтініштер");
  });

  it("refuses drill keys it never gives", async () => {
    for (const drill of ["t:lawsuit", "a:soon", "o:1,t:statement", "o:1,s:answered", "o:2", "c:1"]) {
      const res = await h.request("GET", `/reports/sections/appeals/rows?${MARCH}&drill=${drill}`, {
        token: tokens.akimat,
      });
      expect(res.status, drill).toBe(422);
    }
  });
});

describe("the report's files", () => {
  it("carry both sections: the XLSX's sheets hold the figures as numbers, in the reader's language", async () => {
    const res = await h.api.request(`/api/v1/reports/export.xlsx?${MARCH}&lang=kk`, {
      headers: { authorization: `Bearer ${tokens.akimat}` },
    });
    expect(res.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
    const sheet = (name: string) => {
      const out: unknown[][] = [];
      wb.getWorksheet(name)?.eachRow((row) => out.push((row.values as unknown[]).slice(1)));
      return out;
    };
    expect(sheet("Әкімдікке өтініштер")).toContainEqual(["Мерзімінде жауап берілді, %", 3, 60]);
    expect(sheet("Әкімдікке өтініштер")).toContainEqual(["Орташа қарау мерзімі, жұмыс күні", 5, 14.2]);
    expect(sheet("Қайта жерлеу туралы өтініштер")).toContainEqual(["Рұқсат берілді", 2, 66.7]);
    const pdf = await h.api.request(`/api/v1/reports/export.pdf?${MARCH}`, {
      headers: { authorization: `Bearer ${tokens.akimat}` },
    });
    expect(pdf.status).toBe(200);
    const text = pdfText(Buffer.from(await pdf.arrayBuffer())).join("\n");
    expect(text).toContain("Рассмотрение обращений, зарегистрированных за период");
    expect(text).toContain("Решения по заявлениям периода");
  });
});

describe("the reburials' section", () => {
  it("counts March and April 2026 as computed by hand", async () => {
    const march = section(await report(MARCH), "reburials");
    expect(march.title).toBe("Заявления на перезахоронение");
    // Registered in March: r1 submitted, r5 in work, r2 approved, r4 refused, r3 reburied (r9 is B's).
    expect(column(march, 0)).toEqual([1, 1, 0, 0, 1, 1, 0, 1, 5]);
    // Approved r2 + r3 (reburied since) = 2, refused r4 = 1: of 3 decisions 66.7% and 33.3%.
    expect(values(march, 1)).toEqual([
      ["Разрешено", 2, 66.7],
      ["Отказано", 1, 33.3],
    ]);
    // Overdue on 27 Apr: r1 (27 Mar) submitted, r5 (21 Apr) in work; not r6 (due today), not r9.
    expect(column(march, 2)).toEqual([1, 1, 0, 0, 2]);
    const april = section(await report(APRIL), "reburials");
    // r6 hearing, r7 approved, r8 withdrawn.
    expect(column(april, 0)).toEqual([0, 0, 0, 1, 1, 0, 1, 0, 3]);
    expect(values(april, 1)?.map((row) => row.slice(1))).toEqual([
      [1, 100],
      [0, 0],
    ]);
    expect(column(april, 2)).toEqual([1, 1, 0, 0, 2]);
  });

  it("opens the requests behind every figure, each linking to its page", async () => {
    for (const period of [MARCH, APRIL]) {
      const s = section(await report(period), "reburials");
      let checked = 0;
      for (const table of s.tables) {
        for (const row of table.rows) {
          for (const cell of row.cells) {
            if (!cell.drill) continue;
            const r = await rows("reburials", period, cell.drill);
            expect([r.total, r.items.length], `${period} ${cell.drill}`).toEqual([cell.value, cell.value]);
            checked++;
          }
        }
      }
      expect(checked).toBe(9 + 2 + 5);
    }
    const approved = await rows("reburials", MARCH, "d:approved");
    expect(approved.items.map((r) => r[2])).toEqual(["Умерший r2", "Умерший r3"]);
    expect(approved.links).toEqual([`/user/reburials/${id.r2}`, `/user/reburials/${id.r3}`]);
    expect(
      (
        await h.request("GET", `/reports/sections/reburials/rows?${MARCH}&drill=d:approved,s:refused`, {
          token: tokens.akimat,
        })
      ).status,
    ).toBe(422);
  });
});

describe("the sections' scope", () => {
  it("never counts another akimat's appeals and requests; the admin reads that akimat's own", async () => {
    // The akimat's staff asking for another akimat: refused.
    expect((await h.request("GET", `/reports?${MARCH}&akimatId=${akimatB}`, { token: tokens.akimat })).status).toBe(
      403,
    );
    // Every March drill of the demo akimat lists none of B's.
    const all = await rows("appeals", MARCH, "all");
    expect(all.items.map((r) => r[4]).filter((n) => String(n).endsWith("b1") || String(n).endsWith("b3"))).toEqual([]);
    expect((await rows("appeals", APRIL, "o:1")).items.map((r) => r[4])).not.toContain("Заявитель b1");
    // Akimat B for the admin: March b1 (in work) and b3 (redirected); April b2 answered the next day
    // (1 working day, on time); overdue now b1 (27 Mar); its reburial r9 submitted and overdue (3 Apr).
    const b = await report(`${MARCH}&akimatId=${akimatB}`, tokens.admin);
    expect(column(section(b, "appeals"), 1)).toEqual([0, 1, 0, 0, 1, 0, 0, 2]);
    expect(column(section(b, "appeals"), 3)).toEqual([0, 1, 0, 0, 1]);
    expect(column(section(b, "reburials"), 0)).toEqual([1, 0, 0, 0, 0, 0, 0, 0, 1]);
    expect(column(section(b, "reburials"), 2)).toEqual([1, 0, 0, 0, 1]);
    const bApril = await report(`${APRIL}&akimatId=${akimatB}`, tokens.admin);
    expect(
      values(section(bApril, "appeals"), 2)
        ?.slice(1, 6)
        .map((row) => row.slice(1)),
    ).toEqual([
      [1, null],
      [1, 100],
      [0, 0],
      [1, 1],
      [1, 1],
    ]);
  });
});
