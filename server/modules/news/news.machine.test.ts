import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { NewsStatus } from "../../../common/api-types.ts";
import type { Queryable } from "../../db/client.ts";
import { createHarness, type Harness } from "../../test/harness.ts";
import { actorsOf, itFollowsTheGrids, type TActorName } from "../../test/move-table.ts";
import { akimats } from "../users/organisations.tables.ts";
import { uploads } from "../uploads/uploads.tables.ts";
import { NEWS_FILES, newsMachine } from "./news.machine.ts";
import { news } from "./news.tables.ts";
import type { Actor } from "../../lib/caller.ts";

let h: Harness;
let actors: Record<TActorName, Actor>;
let akimatId: number;
beforeAll(async () => {
  h = await createHarness();
  await h.reset();
  actors = await actorsOf(h);
  akimatId = ((await h.db.select().from(akimats))[0] as { id: number }).id;
});
afterAll(async () => h.close());

const FIRST = new Date("2026-01-10T09:00:00Z");

async function create(db: Queryable, status: NewsStatus) {
  const [row] = await db
    .insert(news)
    .values({
      akimatId,
      category: "announcements",
      status,
      titleRu: "Объявление",
      contentRu: "<p>Текст</p>",
      publishedAt: status === "published" ? FIRST : null,
    })
    .returning();
  return row as typeof news.$inferSelect;
}

/** Only the akimat's staff publish and withdraw news (their own akimat's: the service's scope). */
const EXPECTED = {
  publish: `
             draft      published
    admin    403        403
    manager  403        403
    akimat   published  409
    supplier 403        403
    client   403        403
    system   403        403`,
  unpublish: `
             draft  published
    admin    403    403
    manager  403    403
    akimat   409    draft
    supplier 403    403
    client   403    403
    system   403    403`,
};

describe("the news item's machine", () => {
  itFollowsTheGrids(newsMachine, EXPECTED, () => ({ h, actors, create }));

  it("turns the item's files public with it and private again, keeping the first publication's date", async () => {
    const draft = await create(h.db, "draft");
    const [file] = await h.db
      .insert(uploads)
      .values({
        ip: "127.0.0.1",
        purpose: "photo",
        name: "cover.png",
        type: "image/png",
        size: 10,
        sha256: "x",
        storageKey: "k",
        entityType: NEWS_FILES,
        entityId: String(draft.id),
      })
      .returning();
    const isPublic = async () =>
      (
        await h.db
          .select()
          .from(uploads)
          .where(eq(uploads.id, file?.id as string))
      )[0]?.isPublic;
    h.setNow(FIRST);
    const published = await h.db.transaction((tx) => newsMachine.move(tx, h.services, draft, "publish", actors.akimat));
    expect(published.publishedAt).toEqual(FIRST);
    expect(await isPublic()).toBe(true);
    h.setNow(new Date("2026-02-01T09:00:00Z"));
    const withdrawn = await h.db.transaction((tx) =>
      newsMachine.move(tx, h.services, published, "unpublish", actors.akimat),
    );
    expect(await isPublic()).toBe(false);
    const again = await h.db.transaction((tx) => newsMachine.move(tx, h.services, withdrawn, "publish", actors.akimat));
    expect(again.publishedAt).toEqual(FIRST);
    expect(again.updatedAt).toEqual(new Date("2026-02-01T09:00:00Z"));
    expect(await isPublic()).toBe(true);
    h.setNow(null);
  });
});
