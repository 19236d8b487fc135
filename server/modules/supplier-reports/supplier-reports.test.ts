import ExcelJS from "exceljs";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { almatyInstant } from "../../../common/calendar/almaty.ts";
import type { TReportRows } from "../../../common/reports.ts";
import type { TSupplierQualityList, TSupplierReport } from "../../../common/supplier-reports.ts";
import { createHarness, type Harness } from "../../test/harness.ts";
import { marketBasics, marketItem, otherSupplier, paidBurial } from "../../test/order-fixtures.ts";
import { pdfText } from "../../test/pdf-text.ts";
import type { catalogItems } from "../catalog/catalog.tables.ts";
import { orderLines, orders, supplierOrders } from "../orders/orders.tables.ts";
import { seedReviewsDemo } from "../reviews/reviews.seed.ts";
import { reviews } from "../reviews/reviews.tables.ts";
import { akimats, suppliers } from "../users/organisations.tables.ts";

/**
 * A supplier's report on orders written straight into the tables, its figures computed by hand
 * below for 7, 30 and 90 days on 20 March 2026 (Almaty), with orders on both sides of the 7-day
 * edge (00:30 and 23:30 Almaty time), and another company's orders that must never be counted;
 * the quality thresholds on companies made to sit exactly on them.
 */

let h: Harness;
const tokens: Record<string, string> = {};
let S = 0;
let S2 = 0;
let clientId = 0;
let burialId = 0;
const NOW = new Date("2026-03-20T06:00:00Z"); // 11:00 in Almaty
type TItem = typeof catalogItems.$inferSelect;
let A: TItem;
let B: TItem;
let C: TItem;
const ids: Record<string, number> = {};
const lineIds: Record<string, number> = {};

type TLine = {
  item: TItem;
  quantity: number;
  status: (typeof orderLines.$inferInsert)["status"] & string;
  cancelledBy?: "supplier" | "client" | "system";
};

/** Almaty's wall time as an instant. */
const at = (day: string, time: string) => almatyInstant(day, time);

/** One family order with one supplier order of `lines`, placed at `placed`. */
async function placeOrder(
  name: string,
  supplierId: number,
  placed: Date,
  status: (typeof supplierOrders.$inferInsert)["status"] & string,
  lines: TLine[],
  cancelledBy?: "supplier" | "client" | "system",
) {
  const total = lines.reduce((a, l) => a + l.item.price * l.quantity, 0);
  const [order] = await h.db
    .insert(orders)
    .values({
      clientId,
      burialRequestId: burialId,
      checkoutKey: crypto.randomUUID(),
      paymentMethod: "on_delivery",
      total,
      createdAt: placed,
    })
    .returning({ id: orders.id });
  const [so] = await h.db
    .insert(supplierOrders)
    .values({
      orderId: order?.id as number,
      position: 1,
      supplierId,
      clientId,
      status,
      total,
      acceptBy: new Date(placed.getTime() + 24 * 3_600_000),
      acceptedAt: status === "accepted" || status === "archived" ? placed : null,
      paymentMethod: "on_delivery",
      cancelledBy: cancelledBy ?? null,
      createdAt: placed,
    })
    .returning({ id: supplierOrders.id });
  ids[name] = so?.id as number;
  for (const l of lines) {
    const [line] = await h.db
      .insert(orderLines)
      .values({
        supplierOrderId: so?.id as number,
        itemId: l.item.id,
        nameRu: l.item.nameRu,
        nameKk: l.item.nameKk,
        kind: l.item.kind,
        category: l.item.category,
        unit: l.item.unit,
        price: l.item.price,
        quantity: l.quantity,
        amount: l.item.price * l.quantity,
        place: "cemetery",
        deliveryDate: "2026-03-20",
        deliveryTime: "11:00",
        status: l.status,
        doneAt: l.status === "done" ? placed : null,
        cancelledBy: l.cancelledBy ?? null,
      })
      .returning({ id: orderLines.id });
    lineIds[`${name}.${l.item.nameRu}`] = line?.id as number;
  }
  return so?.id as number;
}

/** A review of a line, counted in ratings unless `status` / `excluded` say otherwise. */
async function review(
  lineId: number,
  item: TItem,
  rating: number,
  createdAt: Date,
  o: { status?: "approved" | "pending"; excluded?: boolean } = {},
) {
  await h.db.insert(reviews).values({
    lineId,
    itemId: item.id,
    supplierId: item.supplierId,
    authorId: clientId,
    status: o.status ?? "approved",
    rating,
    text: "Всё привезли вовремя, спасибо.",
    editableUntil: new Date(createdAt.getTime() + 100 * 86_400_000),
    excludedFromRating: o.excluded ?? false,
    createdAt,
  });
}

beforeAll(async () => {
  h = await createHarness();
  await h.reset();
  const basics = await marketBasics(h.db);
  S = basics.supplierId;
  clientId = basics.clientId;
  // The demo's own orders of the company are left out: the figures below are of these fixtures only.
  await h.db.delete(supplierOrders).where(eq(supplierOrders.supplierId, S));
  burialId = await paidBurial(h.db, { clientId, cemeteryId: basics.cemetery.id, date: "2026-03-20", time: "11:00" });
  A = await marketItem(h.db, S, { nameRu: "Венок траурный", nameKk: "Қаралы гүл шоғы", price: 15_000 });
  B = await marketItem(h.db, S, { nameRu: "Корзина цветов", nameKk: "Гүл себеті", price: 20_000 });
  C = await marketItem(h.db, S, {
    nameRu: "Уборка могилы",
    nameKk: "Қабірді тазалау",
    price: 30_000,
    kind: "service",
    unit: "service",
    category: "care",
  });
  await placeOrder("O1", S, at("2026-03-19", "10:00"), "archived", [
    { item: A, quantity: 2, status: "done" },
    { item: B, quantity: 1, status: "done" },
  ]);
  // 00:30 on the 7 days' first day: inside; 23:30 the day before: outside.
  await placeOrder("O2", S, at("2026-03-14", "00:30"), "accepted", [
    { item: A, quantity: 1, status: "done" },
    { item: B, quantity: 1, status: "cancelled", cancelledBy: "supplier" },
  ]);
  await placeOrder(
    "O3",
    S,
    at("2026-03-13", "23:30"),
    "cancelled",
    [{ item: A, quantity: 1, status: "cancelled", cancelledBy: "supplier" }],
    "supplier",
  );
  await placeOrder("O4", S, at("2026-03-01", "12:00"), "expired", [{ item: B, quantity: 1, status: "new" }], "system");
  await placeOrder("O5", S, at("2026-02-25", "15:00"), "archived", [{ item: C, quantity: 1, status: "done" }]);
  await placeOrder(
    "O6",
    S,
    at("2026-02-10", "09:00"),
    "cancelled",
    [{ item: A, quantity: 1, status: "cancelled", cancelledBy: "client" }],
    "client",
  );
  await placeOrder("O7", S, at("2026-01-05", "09:00"), "archived", [{ item: B, quantity: 2, status: "done" }]);
  await review(lineIds["O1.Венок траурный"] as number, A, 5, at("2026-03-19", "18:00"));
  await review(lineIds["O1.Корзина цветов"] as number, B, 1, at("2026-03-19", "19:00"), { status: "pending" });
  await review(lineIds["O2.Венок траурный"] as number, A, 1, at("2026-03-15", "12:00"), { excluded: true });
  await review(lineIds["O5.Уборка могилы"] as number, C, 3, at("2026-02-26", "12:00"));
  await review(lineIds["O7.Корзина цветов"] as number, B, 4, at("2026-01-06", "12:00"));

  // Another company, with an account of its own: never in the first one's figures.
  S2 = await otherSupplier(h.db, "ТОО «Гүлдер»");
  const D = await marketItem(h.db, S2, { nameRu: "Букет роз", nameKk: "Раушан гүл шоғы", price: 9_000 });
  await placeOrder(
    "X1",
    S2,
    at("2026-03-19", "11:00"),
    "cancelled",
    [{ item: D, quantity: 3, status: "cancelled", cancelledBy: "supplier" }],
    "supplier",
  );
  await placeOrder("X2", S2, at("2026-03-18", "11:00"), "archived", [{ item: D, quantity: 1, status: "done" }]);
  h.setNow(NOW);
  for (const role of ["admin", "supplier", "client"] as const) tokens[role] = await h.login(h.phones[role]);
});
afterAll(async () => h?.close());

const get = async <T>(path: string, token = tokens.supplier) => {
  const res = await h.request("GET", path, { token });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json as T;
};
const report = (q: string, token?: string) => get<TSupplierReport>(`/supplier-reports?${q}`, token);
const rows = (section: string, q: string, token?: string) =>
  get<TReportRows>(`/supplier-reports/sections/${section}/rows?${q}`, token);

/** A table's figure by its row label: the value and its drill key. */
function cell(r: TSupplierReport, table: string, label: string, col = 1) {
  const t = r.sections.flatMap((s) => s.tables).find((x) => x.id === table);
  const row = t?.rows.find((x) => x.cells[0]?.value === label);
  return row?.cells[col];
}
const figure = (r: TSupplierReport, label: string) => cell(r, "summary.figures", label)?.value;
const numbers = (list: TReportRows) => list.links?.map((l) => Number(l?.split("/").pop()));

describe("a supplier's report", () => {
  it("counts the 7 days by the orders' placing time in Almaty: 2 orders, 65 000 ₸, one cancelled by the supplier", async () => {
    const r = await report("period=7d");
    expect(r).toMatchObject({ supplier: { id: S }, period: "7d", from: "2026-03-14", to: "2026-03-20" });
    expect(r.sections.map((s) => s.id)).toEqual(["summary", "quality", "dynamics", "items"]);
    expect(figure(r, "Заказы")).toBe(2);
    expect(figure(r, "Выручка, ₸")).toBe(65_000);
    expect(figure(r, "Средний заказ, ₸")).toBe(32_500);
    // The excluded review of O2 and the pending one of O1 are not counted.
    expect(figure(r, "Рейтинг")).toBe(5);
    expect(figure(r, "Отзывы в рейтинге")).toBe(1);
    expect(figure(r, "Отменены по вине поставщика")).toBe(1);
    expect(figure(r, "Доля отмен по вине поставщика, %")).toBe(50);
    expect(figure(r, "Не приняты вовремя")).toBe(0);
    const byDay = r.sections.find((s) => s.id === "dynamics")?.tables[0];
    expect(byDay?.rows.map((x) => x.cells[0]?.value)).toEqual([
      "14.03",
      "15.03",
      "16.03",
      "17.03",
      "18.03",
      "19.03",
      "20.03",
      "Всего",
    ]);
    expect(byDay?.rows.map((x) => x.cells[1]?.value)).toEqual([1, 0, 0, 0, 0, 1, 0, 2]);
    expect(cell(r, "dynamics.revenue", "19.03")?.value).toBe(50_000);
  });

  it("counts 30 days: 5 orders, 95 000 ₸ over 3 orders with done lines, 40% cancelled, one late, top items by revenue", async () => {
    const r = await report("period=30d");
    expect(r.from).toBe("2026-02-19");
    expect(figure(r, "Заказы")).toBe(5);
    expect(figure(r, "Выручка, ₸")).toBe(95_000);
    expect(figure(r, "Средний заказ, ₸")).toBe(31_667);
    expect(figure(r, "Рейтинг")).toBe(4);
    expect(figure(r, "Отзывы в рейтинге")).toBe(2);
    expect(figure(r, "Отменены по вине поставщика")).toBe(2);
    expect(figure(r, "Доля отмен по вине поставщика, %")).toBe(40);
    expect(figure(r, "Не приняты вовремя")).toBe(1);
    const top = r.sections.find((s) => s.id === "items")?.tables[0];
    expect(top?.rows.map((x) => x.cells.map((c) => c.value))).toEqual([
      ["Венок траурный", 3, 45_000],
      ["Уборка могилы", 1, 30_000],
      ["Корзина цветов", 1, 20_000],
    ]);
  });

  it("counts 90 days by weeks and all time by months", async () => {
    const r = await report("period=90d");
    expect(figure(r, "Заказы")).toBe(7);
    expect(figure(r, "Выручка, ₸")).toBe(135_000);
    expect(figure(r, "Средний заказ, ₸")).toBe(33_750);
    expect(figure(r, "Доля отмен по вине поставщика, %")).toBe(28.6);
    const weeks = r.sections.find((s) => s.id === "dynamics")?.tables[0]?.rows ?? [];
    expect(weeks).toHaveLength(14); // 13 weeks from 21 December and the total
    expect(weeks[0]?.cells[0]?.value).toBe("21.12–27.12");
    expect(weeks[12]?.cells[0]?.value).toBe("15.03–20.03");
    const all = await report("period=all&lang=kk");
    expect(all.from).toBe("2026-01-05");
    expect(all.sections.find((s) => s.id === "dynamics")?.tables[0]?.rows.map((x) => x.cells[0]?.value)).toEqual([
      "қаң. 2026",
      "ақп. 2026",
      "нау. 2026",
      "Барлығы",
    ]);
  });

  it("opens the orders behind every figure, each with its ticket", async () => {
    const r = await report("period=7d");
    const orders7 = await rows("summary", `period=7d&drill=${cell(r, "summary.figures", "Заказы")?.drill}`);
    expect(orders7.total).toBe(2);
    expect(numbers(orders7)).toEqual([ids.O1, ids.O2]);
    expect(orders7.links).toEqual([`/supplier/tickets/archive/${ids.O1}`, `/supplier/tickets/active/${ids.O2}`]);
    expect(orders7.items[1]?.[2]).toBe("Принят");
    const cancelled30 = await rows("summary", "period=30d&drill=f:cancelled");
    expect(numbers(cancelled30)).toEqual([ids.O2, ids.O3]);
    expect(numbers(await rows("summary", "period=30d&drill=f:expired"))).toEqual([ids.O4]);
    expect(numbers(await rows("summary", "period=30d&drill=f:revenue"))).toEqual([ids.O1, ids.O2, ids.O5]);
    expect(numbers(await rows("summary", "period=30d&drill=f:rated"))).toEqual([ids.O1, ids.O5]);
    // A day's bar: the order at 00:30 is the 14th's, the one at 23:30 the 13th's.
    const day = cell(r, "dynamics.orders", "14.03")?.drill;
    expect(numbers(await rows("dynamics", `period=7d&drill=${day}`))).toEqual([ids.O2]);
    const r30 = await report("period=30d");
    const wreath = cell(r30, "items.top", "Венок траурный")?.drill;
    const byItem = await rows("items", `period=30d&drill=${wreath}`);
    expect(byItem.title).toBe("Заказы с позицией «Венок траурный»");
    expect(numbers(byItem)).toEqual([ids.O1, ids.O2]);
    expect(numbers(await rows("quality", "period=7d&drill=f:cancelled30"))).toEqual([ids.O2, ids.O3]);
    expect(numbers(await rows("quality", "period=7d&drill=f:rated90"))).toEqual([ids.O1, ids.O5, ids.O7]);
    // Keys a section never gives, steps outside the period, unknown sections.
    const bad = async (path: string) => (await h.request("GET", path, { token: tokens.supplier })).status;
    expect(await bad("/supplier-reports/sections/summary/rows?period=7d&drill=f:lost")).toBe(422);
    expect(await bad("/supplier-reports/sections/dynamics/rows?period=7d&drill=f:orders,b:2026-03-13")).toBe(422);
    expect(await bad("/supplier-reports/sections/items/rows?period=7d&drill=i:999999")).toBe(422);
    expect(await bad("/supplier-reports/sections/graves/rows?period=7d&drill=all")).toBe(404);
    expect(await bad("/supplier-reports?period=1y")).toBe(422);
  });

  it("shows a supplier its own company only; the admin names any", async () => {
    const other = await h.request("GET", `/supplier-reports?period=7d&supplierId=${S2}`, { token: tokens.supplier });
    expect(other.status).toBe(404);
    const otherRows = await h.request(
      "GET",
      `/supplier-reports/sections/summary/rows?period=7d&drill=all&supplierId=${S2}`,
      {
        token: tokens.supplier,
      },
    );
    expect(otherRows.status).toBe(404);
    // Its own orders only, whatever the key.
    const all = await rows("summary", "period=90d&drill=f:orders");
    expect(numbers(all)).not.toContain(ids.X1);
    expect(all.total).toBe(7);
    expect((await h.request("GET", "/supplier-reports?period=7d", { token: tokens.admin })).status).toBe(422);
    expect((await h.request("GET", "/supplier-reports?period=7d", { token: tokens.client })).status).toBe(403);
    const r2 = await report(`period=7d&supplierId=${S2}`, tokens.admin);
    expect(r2.supplier).toEqual({ id: S2, name: "ТОО «Гүлдер»" });
    expect(figure(r2, "Заказы")).toBe(2);
    expect(figure(r2, "Доля отмен по вине поставщика, %")).toBe(50);
    const admin = await rows("summary", `period=7d&drill=f:cancelled&supplierId=${S2}`, tokens.admin);
    expect(admin.links).toEqual([`/admin/suppliers/${S2}/orders/${ids.X1}`]);
    expect((await h.request("GET", "/supplier-reports?supplierId=999999", { token: tokens.admin })).status).toBe(404);
  });

  it("gives the quality figures: 40% cancelled over 30 days flags, a 90-day 4.0 does not", async () => {
    const r = await report("period=7d");
    expect(r.quality).toEqual({
      orders30: 5,
      cancelled30: 2,
      cancelShare30: 40,
      rating90: { mean: 4, count: 3 },
      isCancelFlagged: true,
      isRatingFlagged: false,
    });
    expect(cell(r, "quality.thresholds", "Отмены по вине поставщика за 30 дней, %", 3)?.value).toBe("Нарушение");
    expect(cell(r, "quality.thresholds", "Рейтинг за 90 дней", 3)?.value).toBe("В норме");
  });
});

describe("the admin's quality list", () => {
  /** A company with `orders` orders in the last 30 days, `cancelled` of them cancelled by it, and reviews of `ratings`. */
  async function company(name: string, n: number, cancelled: number, ratings: number[]) {
    const id = await otherSupplier(h.db, name);
    const item = await marketItem(h.db, id, { nameRu: "Венок", nameKk: "Гүл шоғы", price: 10_000 });
    for (let i = 0; i < n; i++) {
      const isCancelled = i < cancelled;
      await placeOrder(
        `${name}${i}`,
        id,
        at("2026-03-10", "10:00"),
        isCancelled ? "cancelled" : "archived",
        [
          {
            item,
            quantity: 1,
            status: isCancelled ? "cancelled" : "done",
            cancelledBy: isCancelled ? "supplier" : undefined,
          },
        ],
        isCancelled ? "supplier" : undefined,
      );
    }
    for (const [i, rating] of ratings.entries()) {
      await review(lineIds[`${name}${n - 1 - i}.Венок`] as number, item, rating, at("2026-03-11", "10:00"));
    }
    return id;
  }

  it("flags cancellations above 5% (not exactly 5%) and a rating below 4.0 (not 4.0), the flagged first", async () => {
    const exactly5 = await company("Ровно пять", 20, 1, [4, 4]);
    const above5 = await company("Больше пяти", 19, 1, []);
    // 79 / 20 = 3.95: shown as 4 (one decimal), still under 4.0.
    const under4 = await company("Ниже четырёх", 20, 0, [...Array(19).fill(4), 3]);
    await h.db.update(suppliers).set({ status: "blocked" }).where(eq(suppliers.id, S2));
    const list = await get<TSupplierQualityList>("/supplier-quality", tokens.admin);
    const of = (id: number) => list.items.find((i) => i.supplier.id === id);
    expect(of(exactly5)).toMatchObject({ cancelShare30: 5, isCancelFlagged: false, isRatingFlagged: false });
    expect(of(exactly5)?.rating90).toEqual({ mean: 4, count: 2 });
    expect(of(above5)).toMatchObject({ orders30: 19, cancelled30: 1, cancelShare30: 5.3, isCancelFlagged: true });
    expect(of(under4)).toMatchObject({ isCancelFlagged: false, isRatingFlagged: true });
    expect(of(under4)?.rating90.count).toBe(20);
    expect(of(S)).toMatchObject({ cancelShare30: 40, isCancelFlagged: true, isRatingFlagged: false });
    // Blocked companies are not listed; the flagged come first.
    expect(of(S2)).toBeUndefined();
    const flagged = list.items.map((i) => i.isCancelFlagged || i.isRatingFlagged);
    expect(flagged.indexOf(false)).toBeGreaterThan(flagged.lastIndexOf(true));
    expect(list.items.slice(0, 3).map((i) => i.supplier.id)).toEqual([S, above5, under4]);
    expect((await h.request("GET", "/supplier-quality", { token: tokens.supplier })).status).toBe(403);
    await h.db.update(suppliers).set({ status: "active" }).where(eq(suppliers.id, S2));
  });
});

describe("the report's files", () => {
  it("writes the XLSX in the reader's language: a sheet per section, figures as numbers", async () => {
    const res = await h.api.request("/api/v1/supplier-reports/export.xlsx?period=30d&lang=kk", {
      headers: { authorization: `Bearer ${tokens.supplier}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toContain(encodeURIComponent("Жеткізуші есебі 2026-02-19"));
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
    expect(wb.worksheets.map((w) => w.name)).toEqual([
      "Кезең көрсеткіштері",
      "Сапа",
      "Тапсырыстар мен түсім",
      "Үздік позициялар",
    ]);
    const sheet: unknown[][] = [];
    wb.getWorksheet("Кезең көрсеткіштері")?.eachRow((row) => sheet.push((row.values as unknown[]).slice(1)));
    expect(sheet).toContainEqual(["Тапсырыстар", 5]);
    expect(sheet).toContainEqual(["Түсім, ₸", 95_000]);
    const items: unknown[][] = [];
    wb.getWorksheet("Үздік позициялар")?.eachRow((row) => items.push((row.values as unknown[]).slice(1)));
    expect(items).toContainEqual(["Қабірді тазалау", 1, 30_000]);
  });

  it("prints the PDF in Kazakh with its letters, for the admin too", async () => {
    const res = await h.api.request(`/api/v1/supplier-reports/export.pdf?period=30d&lang=kk&supplierId=${S}`, {
      headers: { authorization: `Bearer ${tokens.admin}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    const text = pdfText(Buffer.from(await res.arrayBuffer())).join("\n");
    expect(text).toContain("Қаралы гүл шоғы");
    expect(text).toContain("Kaspi.kz нормалары");
    for (const letter of "әғқңөұүі") expect(text).toContain(letter);
    expect(text).not.toContain("\uFFFD");
    const other = await h.api.request(`/api/v1/supplier-reports/export.pdf?period=30d&supplierId=${S2}`, {
      headers: { authorization: `Bearer ${tokens.supplier}` },
    });
    expect(other.status).toBe(404);
  });
});

describe("the demo", () => {
  it("gives the demo company a report with done, declined and expired orders", async () => {
    await h.db.delete(supplierOrders).where(eq(supplierOrders.supplierId, S));
    const [akimat] = await h.db.select({ id: akimats.id }).from(akimats).limit(1);
    await seedReviewsDemo(h.db, akimat?.id as number, NOW);
    // The finished order a week ago (outside the 7 days), the declined and the expired ones since.
    const r = await report("period=30d");
    expect(figure(r, "Заказы")).toBe(3);
    expect(figure(r, "Выручка, ₸")).toBeGreaterThan(0);
    expect(figure(r, "Отменены по вине поставщика")).toBe(1);
    expect(figure(r, "Не приняты вовремя")).toBe(1);
    expect(r.sections.find((x) => x.id === "items")?.tables[0]?.rows).toHaveLength(6);
  });
});
