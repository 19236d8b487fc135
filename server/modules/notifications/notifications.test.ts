import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../../test/harness.ts";
import { linkTo } from "../../../common/route-table.ts";
import { supplierNotices } from "../suppliers/suppliers.notices.ts";
import { accountNotices } from "../auth/auth.notices.ts";
import { tell } from "./notifications.service.ts";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());
beforeEach(async () => h.reset());

async function userId(token: string): Promise<number> {
  return (await h.request("GET", "/me", { token })).json.user.id;
}

describe("notifications", () => {
  it("lists a user's own notifications in their language, newest first, and counts unread", async () => {
    const token = await h.login(h.phones.supplier);
    const id = await userId(token);
    await tell(h.db, [supplierNotices.supplier_activated(id, { company: "ТОО «Тыныштық»" })]);
    await tell(h.db, [
      supplierNotices.supplier_blocked(
        id,
        { company: "ТОО «Тыныштық»", reason: "тест" },
        { link: linkTo("supplier-notifications", {}) },
      ),
    ]);
    const ru = await h.request("GET", "/notifications", { token });
    expect(ru.json).toMatchObject({ total: 2, unread: 2, page: 1 });
    expect(ru.json.items[0]).toMatchObject({
      kind: "supplier_blocked",
      isRead: false,
      link: "/supplier/notifications",
    });
    expect(ru.json.items[0].text).toBe("Компания «ТОО «Тыныштық»» заблокирована. Причина: тест");
    const kk = await h.request("GET", "/notifications", { token, headers: { "accept-language": "kk" } });
    expect(kk.json.items[1].text).toContain("белсендірілді");
    expect((await h.request("GET", "/notifications/unread-count", { token })).json).toEqual({ unread: 2 });
  });

  it("marks one and all read; someone else's is not found", async () => {
    const token = await h.login(h.phones.manager);
    const other = await h.login(h.phones.client);
    const id = await userId(token);
    await tell(h.db, [accountNotices.welcome(id, { name: "Ольга" })]);
    await tell(h.db, [accountNotices.welcome(id, { name: "Ольга" })]);
    const [first] = (await h.request("GET", "/notifications", { token })).json.items;
    expect((await h.request("POST", `/notifications/${first.id}/read`, { token: other })).status).toBe(404);
    expect((await h.request("POST", `/notifications/${first.id}/read`, { token })).status).toBe(200);
    expect((await h.request("GET", "/notifications?unread=1", { token })).json.items).toHaveLength(1);
    expect((await h.request("POST", "/notifications/read-all", { token })).json).toEqual({ marked: 1 });
    expect((await h.request("GET", "/notifications/unread-count", { token })).json).toEqual({ unread: 0 });
  });

  it("pages by 20", async () => {
    const token = await h.login(h.phones.client);
    const id = await userId(token);
    for (let i = 0; i < 25; i++) await tell(h.db, [accountNotices.welcome(id, { name: String(i) })]);
    const p2 = await h.request("GET", "/notifications?page=2", { token });
    expect(p2.json.items).toHaveLength(5);
    expect(p2.json.total).toBe(25);
  });

  it("needs a session", async () => {
    expect((await h.request("GET", "/notifications")).status).toBe(401);
    expect((await h.request("POST", "/notifications/read-all")).status).toBe(401);
  });
});
