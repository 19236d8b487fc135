import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../test/harness.ts";
import { DEMO_PHONES, seedDemo } from "./seed.ts";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
  await h.reset();
});
afterAll(async () => h.close());

describe("demo seed", () => {
  it("creates one account per role with the documented phones", async () => {
    const rows = (await h.db.execute("select phone, role from users order by phone")).rows;
    expect(rows).toEqual(
      Object.entries(DEMO_PHONES)
        .map(([role, phone]) => ({ phone, role }))
        .sort((a, b) => a.phone.localeCompare(b.phone)),
    );
  });

  it("is idempotent: seeding again changes nothing", async () => {
    const count = async () =>
      (
        await h.db.execute(
          "select (select count(*) from users) u, (select count(*) from akimats) a, (select count(*) from suppliers) s",
        )
      ).rows[0];
    const before = await count();
    await seedDemo(h.db);
    await seedDemo(h.db);
    expect(await count()).toEqual(before);
  });
});
