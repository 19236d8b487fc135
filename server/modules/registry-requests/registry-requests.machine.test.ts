import { managerCemeteries } from "../access/access.tables.ts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TRequestStatus } from "../../../common/api-types.ts";
import type { Queryable } from "../../db/client.ts";
import { createHarness, type Harness } from "../../test/harness.ts";
import { actorsOf, itFollowsTheGrids, type TActorName } from "../../test/move-table.ts";
import { demoAkimatId } from "../../test/registry-fixtures.ts";
import { jobs } from "../jobs/jobs.tables.ts";
import { notifications } from "../notifications/notifications.tables.ts";
import { registryRequestMachine } from "./registry-requests.machine.ts";
import { DEMO_CEMETERIES, ensureRegistryCemetery } from "../burials/burials.seed.ts";
import { burials } from "../burials/burials.tables.ts";
import { plots } from "../cemeteries/cemeteries.tables.ts";
import { registryRequests } from "./registry-requests.tables.ts";
import type { Actor } from "../../lib/caller.ts";

let h: Harness;
let actors: Record<TActorName, Actor>;
beforeAll(async () => {
  h = await createHarness();
  await h.reset();
  actors = await actorsOf(h);
});
afterAll(async () => h.close());

async function create(
  db: Queryable,
  status: TRequestStatus,
  values: Partial<typeof registryRequests.$inferInsert> = {},
) {
  const [row] = await db
    .insert(registryRequests)
    .values({
      kind: "search",
      status,
      applicantName: "Мария",
      applicantPhone: "+77015550011",
      surname: "Оспанов",
      name: "Бақыт",
      ip: "10.0.0.1",
      ...values,
    })
    .returning();
  return row as typeof registryRequests.$inferSelect;
}

/**
 * The cemetery's staff (managers, the admin) take a new request or close an open one with an
 * answer; a closed request stays closed. Which requests a manager handles is the service's scope.
 */
const EXPECTED = {
  take: `
             new          in_progress  found  added  not_found
    admin    in_progress  409          409    409    409
    manager  in_progress  409          409    409    409
    akimat   403          403          403    403    403
    supplier 403          403          403    403    403
    client   403          403          403    403    403
    system   403          403          403    403    403`,
  answer_found: `
             new    in_progress  found  added  not_found
    admin    found  found        409    409    409
    manager  found  found        409    409    409
    akimat   403    403          403    403    403
    supplier 403    403          403    403    403
    client   403    403          403    403    403
    system   403    403          403    403    403`,
  answer_added: `
             new    in_progress  found  added  not_found
    admin    added  added        409    409    409
    manager  added  added        409    409    409
    akimat   403    403          403    403    403
    supplier 403    403          403    403    403
    client   403    403          403    403    403
    system   403    403          403    403    403`,
  answer_not_found: `
             new        in_progress  found  added  not_found
    admin    not_found  not_found    409    409    409
    manager  not_found  not_found    409    409    409
    akimat   403        403          403    403    403
    supplier 403        403          403    403    403
    client   403        403          403    403    403
    system   403        403          403    403    403`,
};

describe("the registry request's machine", () => {
  itFollowsTheGrids(registryRequestMachine, EXPECTED, () => ({
    h,
    actors,
    create: (db, status) => create(db, status),
    input: () => ({ answer: "Сектор А, ряд 1." }),
  }));

  it("takes a request without telling anyone; closing it tells the applicant in the app and by SMS in both languages", async () => {
    const cemeteryId = await ensureRegistryCemetery(h.db, await demoAkimatId(h.db), DEMO_CEMETERIES[0] as never, {
      rows: 1,
      perRow: 1,
      seed: 1,
    });
    // The manager keeps this cemetery: an answer may point only to a record of theirs.
    await h.db.insert(managerCemeteries).values({ userId: actors.manager.id as number, cemeteryId });
    const [plot] = await h.db.select().from(plots).where(eq(plots.cemeteryId, cemeteryId));
    const [burial] = await h.db
      .insert(burials)
      .values({ plotId: plot?.id as number, surname: "Оспанов", name: "Бақыт", patronymic: "", searchName: "оспанов" })
      .returning();
    const applicant = actors.client.id as number;
    const before = {
      notes: (await h.db.select().from(notifications)).length,
      jobs: (await h.db.select().from(jobs)).length,
    };
    const row = await create(h.db, "new", { applicantId: applicant, cemeteryId });

    const taken = await h.db.transaction((tx) =>
      registryRequestMachine.move(tx, h.services, row, "take", actors.manager, { answer: "" }),
    );
    expect(taken).toMatchObject({ status: "in_progress", answeredBy: actors.manager.id });
    expect((await h.db.select().from(notifications)).length).toBe(before.notes);
    expect((await h.db.select().from(jobs)).length).toBe(before.jobs);

    const closed = await h.db.transaction((tx) =>
      registryRequestMachine.move(tx, h.services, taken, "answer_added", actors.manager, {
        answer: "Добавили в реестр.",
        burialId: burial?.id,
      }),
    );
    expect(closed).toMatchObject({ status: "added", answer: "Добавили в реестр.", burialId: burial?.id });
    const notes = await h.db.select().from(notifications).where(eq(notifications.userId, applicant));
    expect(notes).toMatchObject([{ kind: "registry_added", link: `/search?grave=${burial?.id}` }]);
    const queued = await h.db
      .select()
      .from(jobs)
      .where(eq(jobs.key, `registry-answer:${row.id}`));
    expect(queued).toHaveLength(1);
    expect(queued[0]?.payload).toMatchObject({ phone: "+77015550011" });
    const text = String(queued[0]?.payload.text);
    expect(text).toContain("Захоронение добавлено в реестр: Оспанов Бақыт. Добавили в реестр.");
    expect(text).toContain("Жерлеу тізілімге қосылды: Оспанов Бақыт.");
    expect(text).toContain(`/search?grave=${burial?.id}`);
  });
});
