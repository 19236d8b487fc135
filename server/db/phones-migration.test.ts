import { readFileSync } from "node:fs";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { normalizePhone } from "../../common/phone.ts";
import { akimats } from "../modules/users/organisations.tables.ts";
import { cemeteries } from "../modules/cemeteries/cemeteries.tables.ts";
import { createHarness, type Harness } from "../test/harness.ts";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());

const migration = readFileSync(new URL("./migrations/0012_normalise_phones.sql", import.meta.url), "utf8");

describe("migration 0012: phones typed before they were normalised", () => {
  it("normalises office phones as normalizePhone does, and leaves what is not a phone as typed", async () => {
    await h.reset();
    const [akimat] = await h.db.select().from(akimats);
    const typed = ["+7 (727) 271-66-00", "8 727 271 66 00", "7272716600", "внутр. 105", ""];
    const ids: number[] = [];
    for (const phone of typed) {
      const [row] = await h.db
        .insert(akimats)
        .values({ nameRu: `А ${phone}`, nameKk: `Ә ${phone}`, city: "Алматы", phone })
        .returning({ id: akimats.id });
      ids.push((row as { id: number }).id);
    }
    const lists = ["+7 (727) 255-10-10; 8 701 123 45 67", "+7 727 255 10 10, приёмная"];
    const cemeteryIds: number[] = [];
    for (const phones of lists) {
      const [row] = await h.db
        .insert(cemeteries)
        .values({ akimatId: akimat?.id as number, nameRu: phones, nameKk: phones, city: "Алматы", phones })
        .returning({ id: cemeteries.id });
      cemeteryIds.push((row as { id: number }).id);
    }
    for (const statement of migration.split("--> statement-breakpoint")) await h.db.execute(sql.raw(statement));

    const stored = await Promise.all(
      ids.map(async (id) => (await h.db.select().from(akimats).where(eq(akimats.id, id)))[0]?.phone),
    );
    expect(stored).toEqual(typed.map((p) => (p ? (normalizePhone(p) ?? p) : "")));
    const storedLists = await Promise.all(
      cemeteryIds.map(async (id) => (await h.db.select().from(cemeteries).where(eq(cemeteries.id, id)))[0]?.phones),
    );
    expect(storedLists).toEqual(["+77272551010, +77011234567", "+7 727 255 10 10, приёмная"]);
  });
});
