import ExcelJS from "exceljs";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { almatyInstant } from "../../../common/calendar/almaty.ts";
import type { TReport, TReportRows, TReportSection } from "../../../common/reports.ts";
import { monthsOf, periodOf } from "../../../common/reports.ts";
import { createHarness, type Harness } from "../../test/harness.ts";
import { pdfText } from "../../test/pdf-text.ts";
import { demoAkimatId } from "../../test/registry-fixtures.ts";
import { akimats } from "../users/organisations.tables.ts";
import { burialRequests } from "../burial-requests/burial-requests.tables.ts";
import { burials } from "../burials/burials.tables.ts";
import { cemeteries, plots } from "../cemeteries/cemeteries.tables.ts";
import { news } from "../news/news.tables.ts";
import { users } from "../users/users.tables.ts";

/**
 * The city's reports on a small registry whose figures are computed by hand below: two cemeteries
 * of the demo akimat with burials, places and bookings on both sides of two periods' edges (Almaty
 * time), a third with no burials, and another akimat's cemetery that must never be counted.
 */

let h: Harness;
const tokens: Record<string, string> = {};
let A1 = 0;
let A2 = 0;
let A3 = 0;
let B1 = 0;
let akimatA = 0;
let akimatB = 0;

/** The first quarter of 2026 (90 days) and 15 March – 10 April 2026 (27 days). */
const P1 = "from=2026-01-01&to=2026-03-31";
const P2 = "from=2026-03-15&to=2026-04-10";

async function cemetery(akimatId: number, nameRu: string, nameKk: string, places: number): Promise<[number, number[]]> {
  const [c] = await h.db
    .insert(cemeteries)
    .values({ akimatId, nameRu, nameKk, city: "Алматы" })
    .returning({ id: cemeteries.id });
  const id = c?.id as number;
  const polygon = {
    type: "Polygon" as const,
    coordinates: [
      [
        [76.9, 43.2],
        [76.90001, 43.2],
        [76.90001, 43.20001],
        [76.9, 43.2],
      ] as [number, number][],
    ],
  };
  const rows = await h.db
    .insert(plots)
    .values(
      Array.from({ length: places }, (_, i) => ({
        cemeteryId: id,
        sector: "A",
        row: "1",
        number: i + 1,
        polygon,
        minLng: 76.9,
        minLat: 43.2,
        maxLng: 76.90001,
        maxLat: 43.20001,
      })),
    )
    .returning({ id: plots.id });
  return [id, rows.map((r) => r.id)];
}

async function bury(plotId: number, surname: string, burialDate: string) {
  await h.db.insert(burials).values({ plotId, surname, name: "Тест", burialDate, searchName: surname.toLowerCase() });
}

beforeAll(async () => {
  h = await createHarness();
  await h.reset();
  akimatA = await demoAkimatId(h.db);
  const [b] = await h.db
    .insert(akimats)
    .values({ nameRu: "Акимат Шымкента", nameKk: "Шымкент әкімдігі", city: "Шымкент" })
    .returning({ id: akimats.id });
  akimatB = b?.id as number;
  let a1: number[];
  let a2: number[];
  let b1: number[];
  [A1, a1] = await cemetery(akimatA, "Северное", "Солтүстік", 20);
  // Every Kazakh letter, to print in the PDF: ә ғ қ ң ө ұ ү һ і.
  [A2, a2] = await cemetery(akimatA, "Южное", "Әғқңөұүһі зираты", 6);
  [A3] = await cemetery(akimatA, "Новое", "Жаңа", 3);
  [B1, b1] = await cemetery(akimatB, "Шымкентское", "Шымкент", 4);
  const p = (ids: number[], i: number) => ids[i] as number;
  // A1: ten burials, around both periods' edges.
  const a1Dates = [
    "2025-12-31",
    "2026-01-05",
    "2026-01-20",
    "2026-02-10",
    "2026-03-14",
    "2026-03-15",
    "2026-03-31",
    "2026-04-01",
    "2026-04-10",
    "2026-04-11",
  ];
  for (const [i, d] of a1Dates.entries()) await bury(p(a1, i), `Северный${i}`, d);
  await bury(p(a2, 0), "Южный0", "2026-02-28");
  await bury(p(a2, 1), "Южный1", "2026-03-20");
  await bury(p(b1, 0), "Чужой0", "2026-01-10");
  await bury(p(b1, 1), "Чужой1", "2026-03-20");
  // A1: 2 unavailable, 1 reserved, so 7 free of 20; A2: 4 free of 6; A3: 3 free.
  await h.db.execute(sql`update plots set status = 'unavailable' where id in (${p(a1, 10)}, ${p(a1, 11)})`);
  await h.db.execute(sql`update plots set status = 'reserved' where id = ${p(a1, 12)}`);

  const [client] = await h.db.select({ id: users.id }).from(users).where(sql`${users.phone} = ${h.phones.client}`);
  const at = (day: string, time: string) => almatyInstant(day, time);
  const request = (cemeteryId: number, status: string, kind: string, createdAt: Date, surname: string) => ({
    clientId: client?.id as number,
    cemeteryId,
    status: status as "pending",
    kind: kind as "new_grave",
    surname,
    iin: "450102400122",
    deathDate: "2026-01-01",
    places: 1,
    fee: 25_000,
    expiresAt: new Date(createdAt.getTime() + 72 * 3600_000),
    createdAt,
  });
  await h.db
    .insert(burialRequests)
    .values([
      request(A1, "pending", "new_grave", at("2026-01-01", "00:30"), "Первая"),
      request(A1, "paid", "new_grave", at("2026-02-10", "12:00"), "Вторая"),
      request(A2, "confirmed", "urn", at("2026-03-20", "10:00"), "Третья"),
      request(A1, "completed", "family_grave", at("2026-03-31", "23:30"), "Четвёртая"),
      request(A1, "cancelled", "new_grave", at("2026-04-01", "00:10"), "Пятая"),
      request(A1, "expired", "new_grave", at("2025-12-31", "23:30"), "Шестая"),
      request(B1, "paid", "new_grave", at("2026-02-01", "12:00"), "Чужая"),
    ]);
  await h.db.insert(news).values([
    {
      akimatId: akimatA,
      category: "announcements",
      status: "published",
      titleRu: "Объявление",
      publishedAt: at("2026-02-01", "09:00"),
    },
    {
      akimatId: akimatA,
      category: "legislation",
      status: "published",
      titleRu: "Закон",
      publishedAt: at("2026-03-16", "09:00"),
    },
    { akimatId: akimatA, category: "legislation", status: "draft", titleRu: "Черновик" },
    {
      akimatId: akimatB,
      category: "announcements",
      status: "published",
      titleRu: "Чужая",
      publishedAt: at("2026-02-02", "09:00"),
    },
  ]);
  for (const role of ["admin", "akimat", "manager", "supplier", "client"] as const) {
    tokens[role] = await h.login(h.phones[role]);
  }
});
afterAll(async () => h?.close());

const report = async (query: string, token = tokens.akimat) => {
  const res = await h.request("GET", `/reports?${query}`, { token });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json as TReport;
};
const section = (r: TReport, id: string) => r.sections.find((s) => s.id === id) as TReportSection;
/** A table's figures as plain values, row by row. */
const values = (s: TReportSection, table: number) => s.tables[table]?.rows.map((row) => row.cells.map((c) => c.value));

describe("the city's report", () => {
  it("counts the first quarter of 2026 as computed by hand", async () => {
    const r = await report(P1);
    expect(r.akimat.id).toBe(akimatA);
    // The appeals' and reburials' sections are registered by their modules (their figures: appeals.report.test.ts).
    expect(r.sections.map((s) => s.id)).toEqual(["burials", "bookings", "occupancy", "appeals", "reburials", "news"]);
    // Burials by burial date: A1 5 Jan, 20 Jan, 10 Feb, 14/15/31 Mar; A2 28 Feb, 20 Mar; none of B1.
    expect(section(r, "burials").tables[0]?.columns.map((c) => c.label)).toEqual([
      "Кладбище",
      "янв. 2026",
      "февр. 2026",
      "март 2026",
      "Всего",
    ]);
    expect(values(section(r, "burials"), 0)).toEqual([
      ["Северное", 2, 1, 3, 6],
      ["Южное", 0, 1, 1, 2],
      ["Новое", 0, 0, 0, 0],
      ["Всего", 2, 2, 4, 8],
    ]);
    // Requests created 1 Jan 00:30 (pending), 10 Feb (paid), 20 Mar (confirmed, urn), 31 Mar 23:30
    // (completed, family grave), Almaty time; not 31 Dec 23:30 nor 1 Apr 00:10, nor B1's.
    expect(values(section(r, "bookings"), 0)).toEqual([
      ["Ожидает оплаты", 1],
      ["Оплачена", 1],
      ["Подтверждена", 1],
      ["Захоронение состоялось", 1],
      ["Отменена", 0],
      ["Срок истёк", 0],
      ["Всего", 4],
    ]);
    expect(values(section(r, "bookings"), 1)).toEqual([
      ["Новая могила", 2],
      ["В семейную могилу", 1],
      ["Урна", 1],
      ["Перезахоронение", 0],
      ["Всего", 4],
    ]);
    // Places now; per month = burials ÷ (90 days ÷ 30.4375); months left = free ÷ per month:
    // A1 6 ÷ 2.957 = 2.0 a month, 7 free → 3.4; A2 2 → 0.7 a month, 4 free → 5.9; A3 none.
    expect(values(section(r, "occupancy"), 0)).toEqual([
      ["Северное", 7, 1, 10, 2, 6, 2, 3.4],
      ["Южное", 4, 0, 2, 0, 2, 0.7, 5.9],
      ["Новое", 3, 0, 0, 0, 0, 0, "нет захоронений за период"],
      ["Всего", 14, 1, 12, 2, 8, 2.7, 5.2],
    ]);
    expect(values(section(r, "news"), 0)).toEqual([
      ["Объявления", 1],
      ["Социальная поддержка", 0],
      ["Законодательство", 1],
      ["Всего", 2],
    ]);
  });

  it("counts 15 March – 10 April 2026 as computed by hand", async () => {
    const r = await report(P2);
    expect(values(section(r, "burials"), 0)).toEqual([
      ["Северное", 2, 2, 4],
      ["Южное", 1, 0, 1],
      ["Новое", 0, 0, 0],
      ["Всего", 3, 2, 5],
    ]);
    expect(values(section(r, "bookings"), 0)?.map((row) => row[1])).toEqual([0, 0, 1, 1, 1, 0, 3]);
    expect(values(section(r, "bookings"), 1)?.map((row) => row[1])).toEqual([1, 1, 1, 0, 3]);
    // 27 days = 0.887 months: A1 4 → 4.5 a month, 7 free → 1.6; A2 1 → 1.1 a month, 4 free → 3.5.
    expect(values(section(r, "occupancy"), 0)?.map((row) => row.slice(5))).toEqual([
      [4, 4.5, 1.6],
      [1, 1.1, 3.5],
      [0, 0, "нет захоронений за период"],
      [5, 5.6, 2.5],
    ]);
    expect(values(section(r, "news"), 0)?.map((row) => row[1])).toEqual([0, 0, 1, 1]);
  });

  it("opens the rows behind every figure, as many as the figure says", async () => {
    for (const period of [P1, P2]) {
      const r = await report(period);
      let checked = 0;
      for (const s of r.sections) {
        for (const table of s.tables) {
          for (const row of table.rows) {
            for (const cell of row.cells) {
              if (!cell.drill) continue;
              const res = await h.request(
                "GET",
                `/reports/sections/${s.id}/rows?${period}&pageSize=100&drill=${encodeURIComponent(cell.drill)}`,
                { token: tokens.akimat },
              );
              expect(res.status, `${s.id} ${cell.drill}`).toBe(200);
              const rows = res.json as TReportRows;
              expect(rows.total, `${s.id} ${cell.drill}`).toBe(cell.value);
              expect(rows.items.length, `${s.id} ${cell.drill}`).toBe(cell.value);
              checked++;
            }
          }
        }
      }
      expect(checked).toBeGreaterThan(40);
    }
    // The burials of A1 in January, by name and date; a request's number as its text.
    const jan = (
      await h.request("GET", `/reports/sections/burials/rows?${P1}&drill=c:${A1},m:2026-01`, { token: tokens.akimat })
    ).json as TReportRows;
    expect(jan.items.map((r) => [r[0], r[3]])).toEqual([
      ["Северный1 Тест", "05.01.2026"],
      ["Северный2 Тест", "20.01.2026"],
    ]);
    const paid = (
      await h.request("GET", `/reports/sections/bookings/rows?${P1}&drill=s:paid`, { token: tokens.akimat })
    ).json as TReportRows;
    expect(paid.items).toHaveLength(1);
    expect(paid.items[0]?.[0]).toMatch(/^2026-\d{6}$/);
    expect(paid.items[0]?.[2]).toBe("Вторая");
  });

  it("pages the rows behind a figure", async () => {
    const url = `/reports/sections/occupancy/rows?${P1}&drill=c:${A1},p:occupied&pageSize=4`;
    const one = (await h.request("GET", url, { token: tokens.akimat })).json as TReportRows;
    const three = (await h.request("GET", `${url}&page=3`, { token: tokens.akimat })).json as TReportRows;
    expect([one.total, one.items.length, three.items.length, three.page]).toEqual([10, 4, 2, 3]);
  });
});

describe("the report's scope", () => {
  it("shows an akimat's staff their city only; another akimat's id is refused", async () => {
    const r = await report(P1);
    const names = section(r, "occupancy").tables[0]?.rows.map((row) => row.cells[0]?.value);
    expect(names).not.toContain("Шымкентское");
    expect((await h.request("GET", `/reports?${P1}&akimatId=${akimatB}`, { token: tokens.akimat })).status).toBe(403);
    // A figure of another city's cemetery lists nothing.
    const foreign = await h.request("GET", `/reports/sections/burials/rows?${P1}&drill=c:${B1}`, {
      token: tokens.akimat,
    });
    expect(foreign.json.total).toBe(0);
  });

  it("lets the admin read any akimat's city (the first one when none is named)", async () => {
    const first = await report(P1, tokens.admin);
    expect(first.akimat.id).toBe(Math.min(akimatA, akimatB));
    const other = await report(`${P1}&akimatId=${akimatB}`, tokens.admin);
    expect(values(section(other, "burials"), 0)).toEqual([
      ["Шымкентское", 1, 0, 1, 2],
      ["Всего", 1, 0, 1, 2],
    ]);
    expect(values(section(other, "bookings"), 0)?.at(-1)).toEqual(["Всего", 1]);
    expect(values(section(other, "news"), 0)?.at(-1)).toEqual(["Всего", 1]);
    expect((await h.request("GET", `/reports?${P1}&akimatId=999999`, { token: tokens.admin })).status).toBe(404);
  });

  it("refuses clients, managers and suppliers (403) and anonymous visitors (401) on every report operation", async () => {
    const paths = [
      `/reports?${P1}`,
      `/reports/export.xlsx?${P1}`,
      `/reports/export.pdf?${P1}`,
      `/reports/sections/burials?${P1}`,
      `/reports/sections/burials/rows?${P1}&drill=all`,
    ];
    for (const path of paths) {
      for (const role of ["client", "manager", "supplier"]) {
        expect((await h.request("GET", path, { token: tokens[role] })).status, `${role} ${path}`).toBe(403);
      }
      expect((await h.request("GET", path)).status, path).toBe(401);
    }
  });

  it("refuses a period in the wrong order or longer than two years, an unknown section and a foreign drill key", async () => {
    const bad = async (path: string) => (await h.request("GET", path, { token: tokens.akimat })).status;
    expect(await bad("/reports?from=2026-02-01&to=2026-01-01")).toBe(422);
    expect(await bad("/reports?from=2024-01-01&to=2026-01-02")).toBe(422);
    expect(await bad("/reports?from=2026-02-30&to=2026-03-01")).toBe(422);
    expect(await bad(`/reports/sections/graves?${P1}`)).toBe(404);
    expect(await bad(`/reports/sections/burials/rows?${P1}&drill=s:paid`)).toBe(422);
    expect(await bad(`/reports/sections/bookings/rows?${P1}&drill=s:lost`)).toBe(422);
    expect(await bad(`/reports/sections/occupancy/rows?${P1}&drill=c:${A1}`)).toBe(422);
  });
});

describe("the report's files", () => {
  it("writes the XLSX in the reader's language: a sheet per section, figures as numbers, words as text", async () => {
    const res = await h.api.request(`/api/v1/reports/export.xlsx?${P1}&lang=kk`, {
      headers: { authorization: `Bearer ${tokens.akimat}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toContain(encodeURIComponent("Есеп 2026-01-01"));
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
    expect(wb.worksheets.map((w) => w.name)).toEqual([
      "Жерлеулер",
      "Жерлеуге өтінімдер",
      "Зираттардағы орындар",
      "Әкімдікке өтініштер",
      "Қайта жерлеу туралы өтініштер",
      "Жаңалықтар",
    ]);
    const sheet = wb.getWorksheet("Жерлеулер");
    const rows: unknown[][] = [];
    sheet?.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows).toContainEqual(["Солтүстік", 2, 1, 3, 6]);
    expect(rows).toContainEqual(["Зират", "қаң. 2026", "ақп. 2026", "нау. 2026", "Барлығы"]);
    const occupancy: unknown[][] = [];
    wb.getWorksheet("Зираттардағы орындар")?.eachRow((row) => occupancy.push((row.values as unknown[]).slice(1)));
    expect(occupancy).toContainEqual(["Жаңа", 3, 0, 0, 0, 0, 0, "кезеңде жерлеу болған жоқ"]);
  });

  it("prints the PDF in Kazakh with an embedded font that draws ә ғ қ ң ө ұ ү һ і", async () => {
    const res = await h.api.request(`/api/v1/reports/export.pdf?${P1}&lang=kk`, {
      headers: { authorization: `Bearer ${tokens.akimat}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    const buf = Buffer.from(await res.arrayBuffer());
    const raw = buf.toString("latin1");
    // DejaVu Sans embedded (a subset as a TrueType font file), not a standard PDF font.
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSans\b/);
    expect(raw).toContain("/FontFile2");
    expect(raw).not.toMatch(/\/BaseFont \/Helvetica/);
    // The text decoded through the embedded font's own map: every Kazakh letter is a glyph of it.
    const text = pdfText(buf).join("\n");
    expect(text).toContain("Әғқңөұүһі зираты");
    for (const letter of "әғқңөұүһі") expect(text).toContain(letter);
    expect(text).toContain("Зираттар мен айлар бойынша жерлеулер");
    expect(text).toContain("Кезең: 01.01.2026 – 31.03.2026");
    expect(text).not.toContain("\uFFFD");
  });
});

describe("period presets", () => {
  it("turn into days on Almaty's calendar", () => {
    expect(periodOf("7d", "2026-03-05")).toEqual({ from: "2026-02-27", to: "2026-03-05" });
    expect(periodOf("30d", "2026-03-05")).toEqual({ from: "2026-02-04", to: "2026-03-05" });
    expect(periodOf("this_month", "2026-03-05")).toEqual({ from: "2026-03-01", to: "2026-03-05" });
    expect(periodOf("last_month", "2026-03-05")).toEqual({ from: "2026-02-01", to: "2026-02-28" });
    expect(periodOf("last_month", "2026-01-15")).toEqual({ from: "2025-12-01", to: "2025-12-31" });
    expect(periodOf("quarter", "2026-05-20")).toEqual({ from: "2026-04-01", to: "2026-05-20" });
    expect(periodOf("year", "2026-05-20")).toEqual({ from: "2026-01-01", to: "2026-05-20" });
    expect(periodOf("custom", "2026-05-20", { from: "2026-01-10", to: "2026-01-12" })).toEqual({
      from: "2026-01-10",
      to: "2026-01-12",
    });
    // Custom dates out of order or too far apart fall back to the last 30 days.
    expect(periodOf("custom", "2026-05-20", { from: "2026-01-12", to: "2026-01-10" }).from).toBe("2026-04-21");
    expect(monthsOf({ from: "2025-11-20", to: "2026-02-01" })).toEqual(["2025-11", "2025-12", "2026-01", "2026-02"]);
  });
});

void A3;
