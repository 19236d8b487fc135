import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { bayesianRating } from "../../../common/catalog.ts";
import { createHarness, type Harness, PNG, uploadUrl } from "../../test/harness.ts";
import { catalogItem, demoSupplierId, orderLine, otherSupplierId } from "../../test/review-fixtures.ts";
import { catalogItems } from "../catalog/catalog.tables.ts";
import { notifications } from "../notifications/notifications.tables.ts";
import { users } from "../users/users.tables.ts";
import { demoAkimatId } from "../../test/registry-fixtures.ts";
import { cityMeanRating, supplierRating, supplierRatings } from "./reviews.ratings.ts";
import { REVIEW_DEMO_PHONE, seedReviewsDemo } from "./reviews.seed.ts";
import { reviews } from "./reviews.tables.ts";

const NOW = new Date("2026-11-25T06:00:00Z");
const DAY = 24 * 3600_000;

let h: Harness;
let admin: string;
let supplier: string;
let client: string;
let clientId: number;
let supplierId: number;
let itemId: number;

beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());
beforeEach(async () => {
  await h.reset();
  h.setNow(NOW);
  [admin, supplier, client] = [
    await h.login(h.phones.admin),
    await h.login(h.phones.supplier),
    await h.login(h.phones.client),
  ];
  const [u] = await h.db.select({ id: users.id }).from(users).where(eq(users.phone, h.phones.client));
  clientId = u?.id as number;
  supplierId = await demoSupplierId(h.db);
  itemId = await catalogItem(h.db, supplierId);
});

const TEXT = "Венок привезли вовремя, всё аккуратно.";
const doneLine = (doneAt = new Date(NOW.getTime() - DAY), item = itemId) =>
  orderLine(h.db, { clientId, itemId: item, doneAt });
const write = (lineId: number, rating = 5, extra: Record<string, unknown> = {}) =>
  h.request("POST", "/reviews", { token: client, body: { lineId, rating, text: TEXT, ...extra } });
const move = (id: number, name: string, token: string, body: Record<string, unknown> = {}) =>
  h.request("POST", `/reviews/${id}/moves/${name}`, { token, body });
const itemRating = async (id = itemId) => {
  const [i] = await h.db
    .select({ sum: catalogItems.ratingSum, count: catalogItems.ratingCount })
    .from(catalogItems)
    .where(eq(catalogItems.id, id));
  return i;
};
const kinds = async (phone: string) => {
  const [u] = await h.db.select({ id: users.id }).from(users).where(eq(users.phone, phone));
  return (
    await h.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, u?.id as number))
  ).map((n) => n.kind);
};

/** A review written by the family and approved by the moderator: its id. */
async function published(rating = 5, item = itemId): Promise<number> {
  const r = await write(await doneLine(undefined, item), rating);
  expect(r.status).toBe(201);
  expect((await move(r.json.id, "approve", admin)).status).toBe(200);
  return r.json.id;
}

describe("writing a review", () => {
  it("takes one review of the family's own done line, pending until moderated; the moderators are told", async () => {
    const line = await doneLine();
    const r = await write(line, 4);
    expect(r).toMatchObject({ status: 201, json: { status: "pending" } });
    expect(await kinds(h.phones.admin)).toEqual(["review_submitted"]);
    const again = await write(line, 5);
    expect(again).toMatchObject({ status: 409, json: { error: { code: "review_exists" } } });
    // Not counted, not public before the moderator approves it.
    expect(await itemRating()).toEqual({ sum: 0, count: 0 });
    const pub = await h.request("GET", `/reviews/items/${itemId}`);
    expect(pub.json).toMatchObject({ total: 0, rating: { mean: null, count: 0 } });
  });

  it("refuses someone else's line (404), a line not done (409) and, after 100 days, a late one (409)", async () => {
    const [other] = await h.db.select({ id: users.id }).from(users).where(eq(users.phone, h.phones.manager));
    const foreign = await orderLine(h.db, { clientId: other?.id as number, itemId, doneAt: NOW });
    expect(await write(foreign)).toMatchObject({
      status: 404,
      json: { error: { code: "review_line_not_reviewable" } },
    });
    const open = await orderLine(h.db, { clientId, itemId, status: "in_progress" });
    expect(await write(open)).toMatchObject({ status: 409, json: { error: { code: "review_line_not_reviewable" } } });
    const old = await doneLine(new Date(NOW.getTime() - 100 * DAY - 1000));
    const late = await write(old);
    expect(late).toMatchObject({ status: 409, json: { error: { code: "review_window_closed" } } });
    expect(late.json.error.message).toContain("100 дней");
    const lastDay = await doneLine(new Date(NOW.getTime() - 100 * DAY));
    expect((await write(lastDay)).status).toBe(201);
    // In Kazakh too.
    const kk = await h.request("POST", "/reviews", {
      token: client,
      body: { lineId: old, rating: 5, text: TEXT },
      headers: { "accept-language": "kk" },
    });
    expect(kk.json.error.message).toContain("100 күн");
  });

  it("checks the stars and the text, and takes only the author's own photos", async () => {
    const line = await doneLine();
    const bad = await write(line, 0, { text: "ок" });
    expect(bad.status).toBe(422);
    const paths = bad.json.error.fields.map((f: { path: string }) => f.path).sort();
    expect(paths).toEqual(["rating", "text"]);
    const foreign = await h.upload(supplier, { name: "p.png", type: "image/png", bytes: PNG, purpose: "photo" });
    const r = await write(line, 5, { photoIds: [foreign] });
    expect(r).toMatchObject({ status: 422, json: { error: { fields: [{ path: "photoIds" }] } } });
  });
});

describe("moderation and the rating", () => {
  it("counts approved reviews in the item's rating and publishes their photos; a rejection tells the family the reason", async () => {
    const photo = await h.upload(client, { name: "p.png", type: "image/png", bytes: PNG, purpose: "photo" });
    const r = await write(await doneLine(), 5, { photoIds: [photo] });
    expect((await h.request("GET", uploadUrl(photo).replace("/api/v1", ""))).status).toBe(404);
    expect((await move(r.json.id, "approve", admin)).json).toMatchObject({ status: "approved" });
    expect(await itemRating()).toEqual({ sum: 5, count: 1 });
    expect((await h.request("GET", uploadUrl(photo).replace("/api/v1", ""))).status).toBe(200);
    expect(await kinds(h.phones.client)).toContain("review_approved");
    expect(await kinds(h.phones.supplier)).toContain("review_published");

    const second = await write(await doneLine(), 2);
    const rej = await move(second.json.id, "reject", admin, { reason: "personal_data" });
    expect(rej.json).toMatchObject({ status: "rejected", moves: [] });
    expect(await itemRating()).toEqual({ sum: 5, count: 1 });
    const [n] = await h.db.select().from(notifications).where(eq(notifications.kind, "review_rejected"));
    expect(n?.params).toMatchObject({ reason_ru: "личные данные", reason_kk: "жеке деректер" });

    const pub = await h.request("GET", `/reviews/items/${itemId}`);
    expect(pub.json).toMatchObject({ total: 1, rating: { mean: 5, count: 1 }, items: [{ rating: 5, text: TEXT }] });
    expect(pub.json.items[0].photos).toHaveLength(1);
  });

  it("lets the author edit until the supplier replies; an edit of a published review goes back to moderation", async () => {
    const id = await published(5);
    const edit = await move(id, "edit", client, {
      rating: 3,
      text: "Привезли вовремя, но лента помялась.",
      photoIds: [],
    });
    expect(edit.json).toMatchObject({ status: "pending" });
    // Out of the rating until approved again.
    expect(await itemRating()).toEqual({ sum: 0, count: 0 });
    await move(id, "approve", admin);
    expect(await itemRating()).toEqual({ sum: 3, count: 1 });

    const reply = await move(id, "reply", supplier, { text: "Спасибо, учтём." });
    expect(reply.json).toMatchObject({ status: "approved" });
    expect(await kinds(h.phones.client)).toContain("review_replied");
    const late = await move(id, "edit", client, { rating: 1, text: "Передумала, всё плохо было.", photoIds: [] });
    expect(late).toMatchObject({ status: 409, json: { error: { code: "review_replied" } } });
    const twice = await move(id, "reply", supplier, { text: "Ещё раз спасибо." });
    expect(twice).toMatchObject({ status: 409, json: { error: { code: "review_replied" } } });
    const mine = await h.request("GET", `/reviews/${id}`, { token: client });
    expect(mine.json).toMatchObject({ moves: [], reply: { text: "Спасибо, учтём." } });
  });

  it("closes editing with the window", async () => {
    const r = await write(await doneLine(new Date(NOW.getTime() - 99 * DAY)), 4);
    h.setNow(new Date(NOW.getTime() + 2 * DAY));
    const late = await move(r.json.id, "edit", client, { rating: 5, text: TEXT, photoIds: [] });
    expect(late).toMatchObject({ status: 409, json: { error: { code: "review_window_closed" } } });
  });

  it("keeps the item's rating right when its reviews are approved at the same time", async () => {
    const ratings = [5, 4, 3, 5, 2, 4];
    const ids: number[] = [];
    for (const r of ratings) ids.push((await write(await doneLine(), r)).json.id);
    const answers = await Promise.all(ids.map((id) => move(id, "approve", admin)));
    expect(answers.map((a) => a.status)).toEqual(ratings.map(() => 200));
    expect(await itemRating()).toEqual({ sum: 23, count: 6 });
  });

  it("approves many at once, skipping those no longer pending", async () => {
    const a = (await write(await doneLine(), 5)).json.id;
    const b = (await write(await doneLine(), 4)).json.id;
    await move(b, "reject", admin, { reason: "spam" });
    const r = await h.request("POST", "/reviews/approve", { token: admin, body: { ids: [a, b] } });
    expect(r.json).toEqual({ approved: [a] });
    expect(await itemRating()).toEqual({ sum: 5, count: 1 });
    expect((await h.request("POST", "/reviews/approve", { token: supplier, body: { ids: [a] } })).status).toBe(403);
  });

  it("gives the moderator the queue oldest first", async () => {
    const a = (await write(await doneLine(), 5)).json.id;
    h.setNow(new Date(NOW.getTime() + 1000));
    const b = (await write(await doneLine(), 4)).json.id;
    const q = await h.request("GET", "/reviews?status=pending&sort=createdAt", { token: admin });
    expect(q.json.items.map((r: { id: number }) => r.id)).toEqual([a, b]);
    expect(q.json.items[0].moves).toEqual(["approve", "reject"]);
  });
});

describe("who reads which review", () => {
  it("shows a company only its own published reviews, a family only its own", async () => {
    const mine = await published(5);
    const pending = (await write(await doneLine(), 3)).json.id;
    const otherItem = await catalogItem(h.db, await otherSupplierId(h.db));
    const theirs = await published(4, otherItem);
    const list = await h.request("GET", "/reviews", { token: supplier });
    expect(list.json.items.map((r: { id: number }) => r.id)).toEqual([mine]);
    expect(list.json.items[0]).toMatchObject({ moves: ["reply"], canAppeal: true });
    expect((await h.request("GET", `/reviews/${theirs}`, { token: supplier })).status).toBe(404);
    expect((await h.request("GET", `/reviews/${pending}`, { token: supplier })).status).toBe(404);
    expect((await move(theirs, "reply", supplier, { text: "Не наш отзыв." })).status).toBe(404);
    const own = await h.request("GET", "/reviews", { token: client });
    expect(own.json.total).toBe(3);
    const manager = await h.login(h.phones.manager);
    expect((await h.request("GET", "/reviews", { token: manager })).json.total).toBe(0);
  });
});

describe("a supplier's appeal", () => {
  it("is one open at a time; its decision hides the text or takes the stars out of the rating", async () => {
    const photo = await h.upload(client, { name: "p.png", type: "image/png", bytes: PNG, purpose: "photo" });
    const first = await write(await doneLine(), 1, { photoIds: [photo] });
    await move(first.json.id, "approve", admin);
    const id = first.json.id as number;
    const anonymousPhoto = () => h.request("GET", uploadUrl(photo).replace("/api/v1", ""));
    expect((await anonymousPhoto()).status).toBe(200);
    await published(5);
    expect(await itemRating()).toEqual({ sum: 6, count: 2 });
    const evidence = await h.upload(supplier, { name: "order.pdf" });
    const body = { reason: "about_cemetery_or_platform", text: "Отзыв о дороге к кладбищу.", evidenceIds: [evidence] };
    const a = await h.request("POST", `/reviews/${id}/appeals`, { token: supplier, body });
    expect(a.status).toBe(201);
    expect(await kinds(h.phones.admin)).toContain("review_appeal_filed");
    const again = await h.request("POST", `/reviews/${id}/appeals`, {
      token: supplier,
      body: { ...body, evidenceIds: [] },
    });
    expect(again).toMatchObject({ status: 409, json: { error: { code: "review_appeal_open" } } });
    // The family never sees the appeal.
    expect((await h.request("GET", `/reviews/${id}`, { token: client })).json.appeal).toBeNull();

    const queue = await h.request("GET", "/review-appeals", { token: admin });
    expect(queue.json.items).toMatchObject([{ id: a.json.id, moves: ["decide"], review: { id, rating: 1 } }]);
    expect(queue.json.items[0].evidence).toHaveLength(1);
    const d = await h.request("POST", `/review-appeals/${a.json.id}/moves/decide`, {
      token: admin,
      body: { outcome: "hide_and_exclude", answer: "Отзыв не о работе компании." },
    });
    expect(d.json).toMatchObject({ status: "decided" });
    expect(await itemRating()).toEqual({ sum: 5, count: 1 });
    expect(await kinds(h.phones.supplier)).toContain("review_appeal_decided");
    const pub = await h.request("GET", `/reviews/items/${itemId}?sort=rating`);
    expect(pub.json.items[0]).toMatchObject({ rating: 1, text: null, textHidden: true, excludedFromRating: true });
    expect(pub.json.items[0].photos).toEqual([]);
    expect((await anonymousPhoto()).status).toBe(404);
    expect(pub.json.rating).toEqual({ mean: 5, count: 1 });
    const seen = await h.request("GET", `/reviews/${id}`, { token: supplier });
    expect(seen.json).toMatchObject({
      canAppeal: false,
      appeal: { status: "decided", outcome: "hide_and_exclude", answer: "Отзыв не о работе компании." },
    });
  });

  it("keeps a fair review as it is, and hides only the text when so decided", async () => {
    const id = await published(2);
    const a = await h.request("POST", `/reviews/${id}/appeals`, {
      token: supplier,
      body: { reason: "spam", text: "Это неправда." },
    });
    await h.request("POST", `/review-appeals/${a.json.id}/moves/decide`, {
      token: admin,
      body: { outcome: "keep", answer: "Отзыв честный и о вашей работе: он остаётся." },
    });
    expect(await itemRating()).toEqual({ sum: 2, count: 1 });
    const b = await h.request("POST", `/reviews/${id}/appeals`, {
      token: supplier,
      body: { reason: "profanity_or_personal_data", text: "В отзыве телефон нашего сотрудника." },
    });
    expect(b.status).toBe(201);
    await h.request("POST", `/review-appeals/${b.json.id}/moves/decide`, {
      token: admin,
      body: { outcome: "hide_text", answer: "Текст скрыт: в нём личные данные." },
    });
    expect(await itemRating()).toEqual({ sum: 2, count: 1 });
    const pub = await h.request("GET", `/reviews/suppliers/${supplierId}`);
    expect(pub.json).toMatchObject({ rating: { mean: 2, count: 1 }, items: [{ text: null, textHidden: true }] });
  });
});

describe("ratings", () => {
  it("gives a supplier's rating over its items, the 90-day rating and the city's mean", async () => {
    const second = await catalogItem(h.db, supplierId);
    const old = await published(5);
    await published(4, second);
    await published(3);
    await h.db
      .update(reviews)
      .set({ createdAt: new Date(NOW.getTime() - 91 * DAY) })
      .where(eq(reviews.id, old));
    const all = await supplierRatings(h.db, [supplierId, 999]);
    expect(all.get(supplierId)).toEqual({ mean: 4, count: 3, sum: 12 });
    expect(all.get(999)).toEqual({ mean: null, count: 0, sum: 0 });
    const recent = await supplierRating(h.db, supplierId, new Date(NOW.getTime() - 90 * DAY));
    expect(recent).toEqual({ mean: 3.5, count: 2, sum: 7 });
    expect(await cityMeanRating(h.db, "Алматы")).toBe(4);
  });

  it("orders by the Bayesian average: one 5★ review does not outrank a hundred 4.8s", async () => {
    const one = await catalogItem(h.db, supplierId);
    const many = await catalogItem(h.db, supplierId);
    await published(5, one);
    // A hundred approved reviews averaging 4.8 (80 fives, 20 fours), written straight into the table.
    for (let i = 0; i < 100; i++) {
      const lineId = await doneLine(undefined, many);
      await h.db.insert(reviews).values({
        lineId,
        itemId: many,
        supplierId,
        authorId: clientId,
        status: "approved",
        rating: i < 80 ? 5 : 4,
        text: TEXT,
        editableUntil: NOW,
        publishedAt: NOW,
      });
    }
    await h.db.update(catalogItems).set({ ratingSum: 480, ratingCount: 100 }).where(eq(catalogItems.id, many));
    // The rest of the city: a hundred reviews of another company's wreath averaging 4.2.
    await catalogItem(h.db, await otherSupplierId(h.db), { ratingSum: 420, ratingCount: 100 });
    const mean = await cityMeanRating(h.db, "Алматы");
    const [a, b] = [await itemRating(one), await itemRating(many)];
    expect(mean).toBeCloseTo(905 / 201);
    expect(bayesianRating(b?.sum as number, b?.count as number, mean)).toBeGreaterThan(
      bayesianRating(a?.sum as number, a?.count as number, mean),
    );
  });
});

describe("the lines a family may review", () => {
  it("lists its own done lines within the window without a review, newest first", async () => {
    const old = await doneLine(new Date(NOW.getTime() - 101 * DAY));
    const a = await doneLine(new Date(NOW.getTime() - 3 * DAY));
    const b = await doneLine(new Date(NOW.getTime() - DAY));
    await orderLine(h.db, { clientId, itemId, status: "accepted" });
    await write(a, 5);
    const r = await h.request("GET", "/reviews/reviewable", { token: client });
    expect(r.json.items.map((l: { lineId: number }) => l.lineId)).toEqual([b]);
    expect(r.json.items[0]).toMatchObject({ supplier: { id: supplierId }, item: { id: itemId } });
    expect(old).toBeGreaterThan(0);
    expect((await h.request("GET", "/reviews/reviewable", { token: supplier })).status).toBe(403);
  });
});

describe("the demo", () => {
  it("gives a family of its own a finished order with lines to review, once", async () => {
    const akimatId = await demoAkimatId(h.db);
    await seedReviewsDemo(h.db, akimatId, NOW);
    await seedReviewsDemo(h.db, akimatId, NOW);
    const token = await h.login(REVIEW_DEMO_PHONE);
    const lines = await h.request("GET", "/reviews/reviewable", { token });
    expect(lines.json.items).toHaveLength(6);
    expect(lines.json.items[0]).toMatchObject({ supplier: { id: supplierId } });
    const r = await h.request("POST", "/reviews", {
      token,
      body: { lineId: lines.json.items[0].lineId, rating: 5, text: TEXT },
    });
    expect(r.status).toBe(201);
  });
});
