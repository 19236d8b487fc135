import { readFileSync } from "node:fs";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { QUEUED_JOBS } from "../jobs.ts";
import { akimats } from "../modules/users/organisations.tables.ts";
import { burialRequests } from "../modules/burial-requests/burial-requests.tables.ts";
import { jobs } from "../modules/jobs/jobs.tables.ts";
import { runDueJobs } from "../modules/jobs/queue.ts";
import { notifications } from "../modules/notifications/notifications.tables.ts";
import { users } from "../modules/users/users.tables.ts";
import { TIMER_JOB } from "../modules/workflow/workflow.ts";
import { bookingCemetery, HOUR, T0 } from "../test/booking-fixtures.ts";
import { createHarness, type Harness } from "../test/harness.ts";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());

const migration = readFileSync(new URL("./migrations/0022_burial_timers_on_the_core.sql", import.meta.url), "utf8");

describe("migration 0022: a booking's expiry and reminders queued by the version before the timers", () => {
  it("become the machine's timers of the same times, which remind and expire the booking once", async () => {
    await h.reset();
    h.setNow(T0);
    const akimatId = ((await h.db.select().from(akimats))[0] as { id: number }).id;
    const cem = await bookingCemetery(h.db, akimatId, { rows: 1, perRow: 2 });
    const [client] = await h.db.select({ id: users.id }).from(users).where(eq(users.phone, h.phones.client));
    const expiresAt = new Date(T0.getTime() + 72 * HOUR);
    // A booking of the earlier version: its row, and its jobs under the old kinds and keys.
    const [row] = await h.db
      .insert(burialRequests)
      .values({
        clientId: client?.id as number,
        cemeteryId: cem.id,
        kind: "new_grave",
        surname: "Ахметов",
        iin: "450102400120",
        deathDate: "2026-11-22",
        places: 1,
        fee: 25_000,
        expiresAt,
        createdAt: T0,
      })
      .returning({ id: burialRequests.id });
    const id = row?.id as number;
    await h.db.insert(jobs).values([
      { kind: "burial_request.expire", key: `${id}`, payload: { id }, runAt: expiresAt, createdAt: T0 },
      ...[24, 1].map((hours) => ({
        kind: "burial_request.remind",
        key: `${id}:${hours}`,
        payload: { id, hours },
        runAt: new Date(expiresAt.getTime() - hours * HOUR),
        createdAt: T0,
      })),
    ]);

    for (const statement of migration.split("--> statement-breakpoint")) await h.db.execute(sql.raw(statement));

    const rows = await h.db.select().from(jobs).orderBy(jobs.runAt);
    const day = new Date(expiresAt.getTime() - 24 * HOUR).toISOString();
    const hour = new Date(expiresAt.getTime() - HOUR).toISOString();
    // The keys the machine itself would have queued (so a second queueing of the same timer adds none).
    expect(rows.map((j) => [j.kind, j.key, j.payload])).toEqual([
      [
        TIMER_JOB,
        `burial_request:${id}:remind_24h:${day}`,
        { entity: "burial_request", id, timer: "remind_24h", at: day },
      ],
      [
        TIMER_JOB,
        `burial_request:${id}:remind_1h:${hour}`,
        { entity: "burial_request", id, timer: "remind_1h", at: hour },
      ],
      [
        TIMER_JOB,
        `burial_request:${id}:expire:${expiresAt.toISOString()}`,
        { entity: "burial_request", id, timer: "expire", at: expiresAt.toISOString() },
      ],
    ]);

    for (const at of [day, hour, expiresAt.toISOString()]) {
      h.setNow(new Date(Date.parse(at) + 1000));
      await runDueJobs(h.services, QUEUED_JOBS);
      await runDueJobs(h.services, QUEUED_JOBS);
    }
    const told = await h.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, client?.id as number))
      .orderBy(notifications.id);
    expect(told.map((n) => n.kind)).toEqual(["burial_expires_soon", "burial_expires_soon", "burial_expired"]);
    const [after] = await h.db.select().from(burialRequests).where(eq(burialRequests.id, id));
    expect(after?.status).toBe("expired");
  });
});
