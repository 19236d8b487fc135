import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { bayesianRating } from "../../../common/catalog.ts";
import { ensureSupplier, ensureUser } from "../../db/seed.ts";
import { createHarness, type Harness, PNG } from "../../test/harness.ts";
import { pdfText } from "../../test/pdf-text.ts";
import { catalogItems } from "./catalog.tables.ts";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());
beforeEach(async () => h.reset());

/** A city of its own, so the demo catalogue never counts in the figures. */
const CITY = "Тестоград";

const wreath = {
  category: "flowers",
  kind: "product",
  nameRu: "Венок траурный «Память»",
  nameKk: "«Естелік» аза гүл шоқтары",
  descriptionRu: "<p>Живые цветы</p><script>alert(1)</script>",
  descriptionKk: "<p>Тірі гүлдер</p>",
  price: "15 000",
  unit: "piece",
  leadHours: "24",
  city: CITY,
  available: true,
};

/** A second company, active, with its own person. */
async function otherCompany(status: "active" | "pending" = "active") {
  const id = await ensureSupplier(h.db, {
    bin: "190640001234",
    companyName: "ТОО «Мәңгілік»",
    headName: "Серіков Болат",
    city: CITY,
    status,
  });
  await ensureUser(h.db, {
    phone: "+77015550000",
    role: "supplier",
    supplierId: id,
    supplierRole: "owner",
    name: "Болат",
  });
  return { id, token: await h.login("+77015550000") };
}

async function createItem(token: string, body: Record<string, unknown> = wreath) {
  const res = await h.request("POST", "/catalog/own", { token, body });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json as { id: number; moves: string[]; descriptionRu: string };
}

const move = (token: string, id: number, name: string, body: Record<string, unknown> = {}) =>
  h.request("POST", `/catalog/items/${id}/moves/${name}`, { token, body });

/** A supplier lists an item and the admin approves it: on sale. */
async function listed(token: string, admin: string, body: Record<string, unknown> = wreath) {
  const item = await createItem(token, body);
  expect((await move(token, item.id, "submit")).status).toBe(200);
  expect((await move(admin, item.id, "approve")).status).toBe(200);
  return item.id;
}

describe("a company's catalogue", () => {
  it("creates a draft (description sanitized), submits it into the queue with its target day, and shows tabs' counts", async () => {
    const supplier = await h.login(h.phones.supplier);
    const admin = await h.login(h.phones.admin);
    h.setNow(new Date("2026-12-14T05:00:00Z")); // Monday, 10:00 in Almaty; 16 December is Independence Day
    const item = await createItem(supplier);
    expect(item.descriptionRu).toBe("<p>Живые цветы</p>");
    expect(item.moves).toEqual(["submit"]);
    expect((await move(supplier, item.id, "submit")).json).toMatchObject({ status: "consideration", moves: [] });
    const own = await h.request("GET", "/catalog/own?tab=consideration", { token: supplier });
    const mine = own.json.items.find((i: { id: number }) => i.id === item.id);
    // Three working days after Monday 14 December: 15, 17, 18 (16 is a holiday).
    expect(mine).toMatchObject({ status: "consideration", targetDay: "2026-12-18", price: 15000, leadHours: 24 });
    expect(own.json.counts.consideration).toBeGreaterThanOrEqual(1);
    const queue = await h.request("GET", "/catalog/moderation", { token: admin });
    expect(queue.json.items.map((i: { id: number }) => i.id)).toContain(item.id);
    const inbox = await h.request("GET", "/notifications", { token: admin });
    expect(inbox.json.items[0]).toMatchObject({ kind: "catalog_submitted", link: "/admin/products" });
  });

  it("never shows one company's items to another, nor lets it move or edit them", async () => {
    const supplier = await h.login(h.phones.supplier);
    const item = await createItem(supplier);
    await move(supplier, item.id, "submit");
    const other = await otherCompany();
    const own = await h.request("GET", "/catalog/own", { token: other.token });
    expect(own.json.items).toEqual([]);
    expect((await h.request("GET", `/catalog/own/${item.id}`, { token: other.token })).status).toBe(404);
    expect((await h.request("PUT", `/catalog/own/${item.id}`, { token: other.token, body: wreath })).status).toBe(404);
    expect((await move(other.token, item.id, "withdraw_revision")).status).toBe(404);
    // Nor does a visitor see it before it is approved.
    expect((await h.request("GET", `/catalog/${item.id}`)).status).toBe(404);
    // The moderators' queue is the admin's only.
    expect((await h.request("GET", "/catalog/moderation", { token: other.token })).status).toBe(403);
  });

  it("lets a company not yet activated prepare items but publish none", async () => {
    const other = await otherCompany("pending");
    const item = await createItem(other.token);
    expect(item.moves).toEqual([]);
    const refused = await move(other.token, item.id, "submit");
    expect(refused.status).toBe(409);
    expect(refused.json.error.code).toBe("catalog_company_not_active");
    const own = await h.request("GET", "/catalog/own", { token: other.token });
    expect(own.json.companyActive).toBe(false);
  });

  it("keeps the old version on sale while an edit is moderated, then shows the approved one", async () => {
    const supplier = await h.login(h.phones.supplier);
    const admin = await h.login(h.phones.admin);
    const id = await listed(supplier, admin);
    const edited = await h.request("PUT", `/catalog/own/${id}`, {
      token: supplier,
      body: { ...wreath, price: "18000", nameRu: "Венок траурный большой", available: false },
    });
    expect(edited.status).toBe(200);
    expect(edited.json).toMatchObject({ status: "active", price: 15000, available: false });
    expect(edited.json.revision).toMatchObject({ status: "pending" });
    expect(edited.json.revision.changes).toEqual([
      { field: "nameRu", before: "Венок траурный «Память»", after: "Венок траурный большой" },
      { field: "price", before: "15000", after: "18000" },
    ]);
    expect(edited.json.moves).toEqual(["hide", "withdraw_revision"]);
    // The edit form starts from the edit waiting, not from the version on sale.
    expect(edited.json.revision.content).toMatchObject({ nameRu: "Венок траурный большой", price: 18000, photos: [] });
    // Visitors see the version on sale (its availability changed at once).
    expect((await h.request("GET", `/catalog/${id}`)).json).toMatchObject({ price: 15000, available: false });
    const queue = await h.request("GET", "/catalog/moderation", { token: admin });
    const queued = queue.json.items.find((i: { id: number }) => i.id === id);
    expect(queued.moves).toEqual(["block", "approve_revision", "return_revision"]);
    // Returned: still the old version on sale, the reasons for the company.
    expect((await move(admin, id, "return_revision", { reasons: ["price"], comment: "С доставкой?" })).status).toBe(
      200,
    );
    const back = await h.request("GET", `/catalog/own/${id}`, { token: supplier });
    expect(back.json.revision).toMatchObject({
      status: "returned",
      returnReasons: ["price"],
      returnComment: "С доставкой?",
    });
    expect((await h.request("GET", `/catalog/${id}`)).json.price).toBe(15000);
    // Edited again and approved: the new version is on sale.
    await h.request("PUT", `/catalog/own/${id}`, { token: supplier, body: { ...wreath, price: "18000" } });
    expect(
      (await h.request("POST", "/catalog/moderation/approve", { token: admin, body: { ids: [id] } })).json,
    ).toEqual({
      approved: [id],
      refused: [],
    });
    expect((await h.request("GET", `/catalog/${id}`)).json).toMatchObject({ price: 18000, available: true });
    const kinds = (await h.request("GET", "/notifications", { token: supplier })).json.items.map(
      (n: { kind: string }) => n.kind,
    );
    expect(kinds.slice(0, 3)).toEqual(["catalog_revision_approved", "catalog_revision_returned", "catalog_approved"]);
  });

  it("binds photos: public with the item on sale, private when it is hidden; another's upload is refused", async () => {
    const supplier = await h.login(h.phones.supplier);
    const admin = await h.login(h.phones.admin);
    const photo = await h.upload(supplier, { name: "wreath.png", type: "image/png", bytes: PNG, purpose: "photo" });
    const id = await listed(supplier, admin, { ...wreath, photoIds: [photo] });
    expect((await h.request("GET", `/uploads/${photo}`)).status).toBe(200);
    await move(supplier, id, "hide");
    expect((await h.request("GET", `/uploads/${photo}`)).status).not.toBe(200);
    const other = await otherCompany();
    const foreign = await h.request("POST", "/catalog/own", {
      token: other.token,
      body: { ...wreath, photoIds: [photo] },
    });
    expect(foreign.status).toBe(422);
    expect(foreign.json.error.fields[0].path).toBe("photoIds");
  });

  it("bulk-approves new items and revisions, refusing what is not on moderation", async () => {
    const supplier = await h.login(h.phones.supplier);
    const admin = await h.login(h.phones.admin);
    const a = await createItem(supplier);
    const b = await createItem(supplier);
    await move(supplier, a.id, "submit");
    await move(supplier, b.id, "submit");
    const draft = await createItem(supplier);
    const res = await h.request("POST", "/catalog/moderation/approve", {
      token: admin,
      body: { ids: [a.id, b.id, draft.id] },
    });
    expect(res.json).toEqual({ approved: [a.id, b.id], refused: [{ id: draft.id, code: "invalid_transition" }] });
  });
});

describe("the public catalogue", () => {
  async function catalogue() {
    const supplier = await h.login(h.phones.supplier);
    const admin = await h.login(h.phones.admin);
    const ids = {
      wreath: await listed(supplier, admin),
      flowers: await listed(supplier, admin, {
        ...wreath,
        nameRu: "Корзина цветов",
        nameKk: "Гүл себеті",
        price: "9000",
      }),
      roses: await listed(supplier, admin, { ...wreath, nameRu: "Розы", nameKk: "Раушан гүлдері", price: "30000" }),
      hearse: await listed(supplier, admin, {
        ...wreath,
        category: "transport",
        kind: "service",
        nameRu: "Катафалк",
        nameKk: "Катафалк көлігі",
        price: "25000",
        unit: "service",
      }),
    };
    return { ...ids, supplier, admin };
  }
  const names = (res: { json: { items: { id: number }[] } }) => res.json.items.map((i) => i.id);

  it("finds items by text in Russian, Kazakh, look-alike letters and Latin", async () => {
    const c = await catalogue();
    const find = async (q: string) =>
      names(await h.request("GET", `/catalog?city=${encodeURIComponent(CITY)}&q=${encodeURIComponent(q)}`));
    expect(await find("венок")).toEqual([c.wreath]);
    expect(await find("венок память")).toEqual([c.wreath]);
    // Kazakh, and the Russian look-alike of a Kazakh word (гүл written гул).
    expect((await find("гүл")).sort()).toEqual([c.wreath, c.flowers, c.roses].sort());
    expect((await find("гул себет")).sort()).toEqual([c.flowers]);
    // Latin: a passport-like reading and the 2021 Kazakh alphabet.
    expect(await find("venok")).toEqual([c.wreath]);
    expect(await find("katafalk")).toEqual([c.hearse]);
    expect((await find("gül")).sort()).toEqual([c.wreath, c.flowers, c.roses].sort());
    expect(await find("ракета")).toEqual([]);
  });

  it("filters by category, kind and price, and orders by price and newest", async () => {
    const c = await catalogue();
    const q = (s: string) => h.request("GET", `/catalog?city=${encodeURIComponent(CITY)}&${s}`);
    expect(names(await q("category=flowers&sort=price"))).toEqual([c.flowers, c.wreath, c.roses]);
    expect(names(await q("category=flowers&sort=-price"))).toEqual([c.roses, c.wreath, c.flowers]);
    expect(names(await q("kind=service"))).toEqual([c.hearse]);
    expect(names(await q("priceFrom=10000&priceTo=25000&sort=price"))).toEqual([c.wreath, c.hearse]);
    expect(names(await q("sort=-publishedAt"))[0]).toBe(c.hearse);
    expect((await q("priceFrom=abc")).status).toBe(422);
  });

  it("shows the city's price range of each category beside every price (lowest, median, highest)", async () => {
    const c = await catalogue();
    const item = (await h.request("GET", `/catalog/${c.wreath}`)).json;
    expect(item.range).toEqual({ min: 9000, median: 15000, max: 30000, count: 3 });
    expect(item.description).toBe("<p>Живые цветы</p>");
    const hearse = (await h.request("GET", `/catalog/${c.hearse}`)).json;
    expect(hearse.range).toEqual({ min: 25000, median: 25000, max: 25000, count: 1 });
    // A hidden item leaves the range and the list.
    await move(c.supplier, c.roses, "hide");
    expect((await h.request("GET", `/catalog/${c.wreath}`)).json.range).toEqual({
      min: 9000,
      median: 12000,
      max: 15000,
      count: 2,
    });
    expect((await h.request("GET", `/catalog/${c.roses}`)).status).toBe(404);
  });

  it("orders by the Bayesian weighted rating, showing the plain mean and count", async () => {
    const c = await catalogue();
    // Many good reviews beat one perfect one: WR leans few reviews towards the city's mean.
    const rate = (id: number, sum: number, n: number) =>
      h.db.update(catalogItems).set({ ratingSum: sum, ratingCount: n }).where(eq(catalogItems.id, id));
    await rate(c.wreath, 5, 1); // 5.0 from one review
    await rate(c.flowers, 46, 10); // 4.6 from ten
    await rate(c.roses, 6, 2); // 3.0 from two
    // The city's mean of its counted reviews, weighted by reviews.
    const cityMean = (5 + 46 + 6) / (1 + 10 + 2);
    expect(bayesianRating(46, 10, cityMean)).toBeGreaterThan(bayesianRating(5, 1, cityMean));
    const res = await h.request("GET", `/catalog?city=${encodeURIComponent(CITY)}&sort=-rating`);
    expect(names(res)).toEqual([c.flowers, c.wreath, c.hearse, c.roses]);
    expect(res.json.items[0].rating).toEqual({ mean: 4.6, count: 10 });
    expect(res.json.items[2].rating).toEqual({ mean: null, count: 0 });
  });

  it("prints a company's price list by category, and lists items and companies in the sitemap", async () => {
    const c = await catalogue();
    const [row] = await h.db.select().from(catalogItems).where(eq(catalogItems.id, c.wreath));
    const supplierId = row?.supplierId as number;
    const list = await h.request("GET", `/catalog/suppliers/${supplierId}/price-list`, {
      headers: { "accept-language": "kk" },
    });
    expect(list.status).toBe(200);
    const flowers = list.json.groups.find((g: { category: string }) => g.category === "flowers");
    expect(flowers.items.map((i: { name: string }) => i.name)).toContain("Раушан гүлдері");
    // The same list as a PDF, in the language asked for.
    const pdf = await h.api.request(`/api/v1/catalog/suppliers/${supplierId}/price-list.pdf?lang=kk`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(pdf.headers.get("content-disposition")).toContain("price-list-");
    const text = pdfText(Buffer.from(await pdf.arrayBuffer()))
      .join(" ")
      .replace(/\s+/g, " ");
    expect(text).toContain("Раушан гүлдері");
    expect(text).toContain("30 000 ₸");
    expect(text).toContain("Гүлдер мен гүл шоқтары");
    expect((await h.api.request("/api/v1/catalog/suppliers/999999/price-list.pdf")).status).toBe(404);
    const sitemap = (await h.request("GET", "/catalog/sitemap")).json;
    expect(sitemap.items.map((i: { id: number }) => i.id)).toEqual(expect.arrayContaining([c.wreath, c.hearse]));
    expect(sitemap.suppliers).toContain(supplierId);
  });
});

describe("a company's people", () => {
  it("the owner invites an employee by phone, who works the catalogue but manages nobody; the owner removes them", async () => {
    const owner = await h.login(h.phones.supplier);
    const invited = await h.request("POST", "/suppliers/me/people", {
      token: owner,
      body: { phone: "+7 701 444 55 66", surname: "Ахметова", name: "Дана" },
    });
    expect(invited.status).toBe(201);
    expect(invited.json).toMatchObject({ phone: "+77014445566", supplierRole: "employee", status: "invited" });
    const employee = await h.login("+77014445566");
    const me = await h.request("GET", "/me", { token: employee });
    expect(me.json.user).toMatchObject({ role: "supplier", supplierRole: "employee" });
    expect((await h.request("POST", "/catalog/own", { token: employee, body: wreath })).status).toBe(201);
    const people = await h.request("GET", "/suppliers/me/people", { token: employee });
    expect(people.json.canManage).toBe(false);
    // The owner first, though the employee's surname comes first.
    expect(people.json.items.map((p: { supplierRole: string }) => p.supplierRole)).toEqual(["owner", "employee"]);
    const refused = await h.request("POST", "/suppliers/me/people", {
      token: employee,
      body: { phone: "+77014445567", surname: "Б", name: "В" },
    });
    expect(refused.status).toBe(403);
    expect(refused.json.error.code).toBe("not_supplier_owner");
    // The company's phone in the admin's list stays its owner's.
    const admin = await h.login(h.phones.admin);
    const companies = await h.request("GET", "/suppliers", { token: admin });
    expect(companies.json.items.filter((s: { phone: string }) => s.phone === "+77014445566")).toEqual([]);
    expect((await h.request("DELETE", `/suppliers/me/people/${invited.json.id}`, { token: owner })).status).toBe(200);
    expect((await h.request("GET", "/me", { token: employee })).status).toBe(401);
  });
});
