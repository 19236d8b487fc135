import { accountNotices } from "../auth/auth.notices.ts";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../../test/harness.ts";
import { akimats } from "../users/organisations.tables.ts";
import { auditLog } from "../audit/audit.tables.ts";
import { jobs } from "../jobs/jobs.tables.ts";
import { runDueJobs } from "../jobs/queue.ts";
import { news } from "../news/news.tables.ts";
import { notifications } from "../notifications/notifications.tables.ts";
import { users } from "../users/users.tables.ts";
import { AppError } from "../../lib/errors.ts";
import { defineMachine, TIMER_JOB, timersJob } from "./workflow.ts";

/**
 * The core itself, on a machine of its own over the news table (entity `workflow_test`): what the
 * four product machines do not all show — create, a move that keeps the status, an input schema,
 * an async precondition, the typed history and timers (queued on entering a status, fired once,
 * skipped once the row has left the status or its time moved).
 */
const DAY = 86_400_000;
const T0 = new Date("2026-03-02T04:00:00Z");

let h: Harness;
let akimatId: number;
let author: { id: number; role: string };
/** Reads as the system: every row, no scope. */
const SYSTEM = { id: null, role: "system" } as const;
let allowPublish = true;

const machine = defineMachine({
  entity: "workflow_test",
  table: news,
  statuses: ["draft", "published"],
  initial: "draft",
  scope: () => null,
  moves: {
    // Keeps the status: moves the reminder's time (`publishedAt` stands for a due date here).
    schedule: {
      from: ["draft"],
      by: "news.manage",
      input: z.object({ at: z.iso.datetime({ error: "validation.invalid" }) }),
      set: ({ input }) => ({ publishedAt: new Date(input.at) }),
    },
    publish: {
      from: ["draft"],
      to: "published",
      by: "news.manage",
      requires: async () => (allowPublish ? null : "invalid_transition"),
    },
    lapse: { from: ["draft"], to: "published", by: "system" },
  },
  timers: [
    {
      name: "remind",
      on: "draft",
      at: (r) => (r.publishedAt ? new Date(r.publishedAt.getTime() - DAY) : null),
      notice: (r, _tx, now) =>
        r.authorId && r.publishedAt && r.publishedAt > now ? [accountNotices.welcome(r.authorId, { name: "" })] : [],
    },
    { name: "lapse", on: "draft", at: (r) => r.publishedAt, move: "lapse" },
  ],
});

// A move's `set` may only name the table's own columns: a misspelt one does not compile.
defineMachine({
  entity: "workflow_test_typo",
  table: news,
  statuses: ["draft", "published"],
  initial: "draft",
  moves: {
    // @ts-expect-error `publishedOn` is not a column of news
    publish: { from: ["draft"], to: "published", by: "news.manage", set: ({ now }) => ({ publishedOn: now }) },
  },
});

/** A timer of two statuses (the appeals' deadlines run through four): entering one again queues nothing new. */
const through = defineMachine({
  entity: "workflow_test_through",
  table: news,
  statuses: ["draft", "published"],
  initial: "draft",
  scope: () => null,
  moves: {
    // Stands for a move into a status of the timer (`draft` again).
    redraft: { from: ["draft"], to: "draft", by: "news.manage" },
    publish: { from: ["draft"], to: "published", by: "news.manage" },
  },
  timers: [
    {
      name: "due",
      on: ["draft", "published"],
      at: (r) => r.publishedAt,
      notice: (r) => (r.authorId ? [accountNotices.welcome(r.authorId, { name: "" })] : []),
    },
  ],
});

const job = timersJob([machine, through]);
const fire = () => runDueJobs(h.services, [job]);

beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());
beforeEach(async () => {
  await h.reset();
  allowPublish = true;
  h.setNow(T0);
  akimatId = ((await h.db.select().from(akimats))[0] as { id: number }).id;
  const [u] = await h.db.select({ id: users.id }).from(users).where(eq(users.phone, h.phones.akimat));
  author = { id: u?.id as number, role: "akimat" };
});

const create = (publishedAt: Date | null = null) =>
  h.db.transaction((tx) =>
    machine.create(tx, h.services, { akimatId, category: "announcements", authorId: author.id, publishedAt }, author),
  );
const reload = (id: number) => h.db.transaction((tx) => machine.load(tx, SYSTEM, id));
const move = (id: number, name: "schedule" | "publish", input: Record<string, unknown> = {}) =>
  h.db.transaction(async (tx) => machine.move(tx, h.services, await machine.load(tx, SYSTEM, id), name, author, input));
const told = async () => (await h.db.select().from(notifications).where(eq(notifications.userId, author.id))).length;
const timerRows = async (id: number) =>
  (await h.db.select().from(jobs).where(eq(jobs.kind, TIMER_JOB))).filter((j) =>
    j.key?.startsWith(`workflow_test:${id}:`),
  );

describe("the workflow core", () => {
  it("creates a row in the initial status with its audit row, and reads the history back typed", async () => {
    const row = await create();
    expect(row.status).toBe("draft");
    await move(row.id, "publish");
    const history = await machine.history(h.db, row.id);
    expect(history.map((e) => [e.action, e.from, e.to, e.actorRole])).toEqual([
      ["create", null, "draft", "akimat"],
      ["publish", "draft", "published", "akimat"],
    ]);
  });

  it("validates a move's input with its schema (422 naming the field) and writes nothing", async () => {
    const row = await create();
    const refused = await move(row.id, "schedule", { at: "tomorrow" }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ status: 422, fields: [{ path: "at", key: "validation.invalid" }] });
    const audit = await h.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, "workflow_test"), eq(auditLog.entityId, String(row.id))));
    expect(audit.map((a) => a.action)).toEqual(["create"]);
  });

  it("keeps the status on a move without `to`, auditing it from and to the same status", async () => {
    const row = await create();
    const after = await move(row.id, "schedule", { at: new Date(T0.getTime() + 3 * DAY).toISOString() });
    expect(after).toMatchObject({ status: "draft", publishedAt: new Date(T0.getTime() + 3 * DAY) });
    const last = (await machine.history(h.db, row.id)).at(-1);
    expect(last).toMatchObject({ action: "schedule", from: "draft", to: "draft" });
  });

  it("neither offers nor makes a move whose precondition the database refuses", async () => {
    const row = await create();
    allowPublish = false;
    expect(await machine.movesFor(h.db, row, author, T0)).toEqual(["schedule"]);
    await expect(move(row.id, "publish")).rejects.toMatchObject({ status: 409, code: "invalid_transition" });
    allowPublish = true;
    expect(await machine.movesFor(h.db, row, author, T0)).toEqual(["schedule", "publish"]);
    expect(machine.publicMoves).toEqual(["schedule", "publish"]);
  });

  it("queues a status's timers when a row enters it and fires each once, at its time", async () => {
    const due = new Date(T0.getTime() + 2 * DAY);
    const row = await create(due);
    expect((await timerRows(row.id)).map((j) => j.runAt)).toEqual([new Date(due.getTime() - DAY), due]);
    await fire();
    expect(await told()).toBe(0);
    h.setNow(new Date(due.getTime() - DAY + 1000));
    await fire();
    await fire();
    expect(await told()).toBe(1);
    expect((await reload(row.id)).status).toBe("draft");
    h.setNow(new Date(due.getTime() + 1000));
    await fire();
    await fire();
    expect((await reload(row.id)).status).toBe("published");
    const actions = (await machine.history(h.db, row.id)).map((e) => `${e.action}:${e.actorRole}`);
    expect(actions).toEqual(["create:akimat", "remind:system", "lapse:system"]);
  });

  it("acts on a moved time only through the timer queued for it, and not at all once the row left the status", async () => {
    const first = new Date(T0.getTime() + 2 * DAY);
    const later = new Date(T0.getTime() + 5 * DAY);
    const row = await create(first);
    await move(row.id, "schedule", { at: later.toISOString() });
    // At the first time: its jobs run, find the time moved and do nothing.
    h.setNow(new Date(first.getTime() + 1000));
    await fire();
    expect(await told()).toBe(0);
    expect((await reload(row.id)).status).toBe("draft");
    // The reminder of the later time: told once, not once more by the first time's reminder.
    h.setNow(new Date(later.getTime() - DAY + 1000));
    await fire();
    await fire();
    expect(await told()).toBe(1);
    // Published by hand before the later time: its timers find the row gone from `draft`.
    await move(row.id, "publish");
    h.setNow(new Date(later.getTime() + 1000));
    await fire();
    expect(await told()).toBe(1);
    const history = await machine.history(h.db, row.id);
    expect(history.map((e) => e.action)).toEqual(["create", "schedule", "remind", "publish"]);
    const open = (await timerRows(row.id)).filter((j) => !j.doneAt && !j.failedAt);
    expect(open).toEqual([]);
  });

  it("tells nobody and writes nothing when a reminder's notice no longer applies", async () => {
    const due = new Date(T0.getTime() + 2 * DAY);
    const row = await create(due);
    // The reminder's job runs late, after the due time, before the lapse's job.
    h.setNow(new Date(due.getTime() + 1000));
    const remind = (await timerRows(row.id)).find((j) => j.key?.includes(":remind:"));
    await h.db.transaction((tx) => machine.fireTimer(tx, h.services, row.id, "remind", String(remind?.payload.at)));
    expect(await told()).toBe(0);
    expect((await machine.history(h.db, row.id)).map((e) => e.action)).toEqual(["create"]);
  });

  it("queues a timer of several statuses once through them, and fires it in whichever the row is in", async () => {
    const due = new Date(T0.getTime() + 2 * DAY);
    const make = () =>
      h.db.transaction((tx) =>
        through.create(
          tx,
          h.services,
          { akimatId, category: "announcements", authorId: author.id, publishedAt: due },
          author,
        ),
      );
    const step = (id: number, name: "publish" | "redraft") =>
      h.db.transaction(async (tx) => through.move(tx, h.services, await through.load(tx, SYSTEM, id), name, author));
    const kept = await make();
    await step(kept.id, "redraft");
    await step(kept.id, "publish");
    const queued = (await h.db.select().from(jobs).where(eq(jobs.kind, TIMER_JOB))).filter((j) =>
      j.key?.startsWith(`workflow_test_through:${kept.id}:`),
    );
    expect(queued).toHaveLength(1);
    h.setNow(new Date(due.getTime() + 1000));
    await fire();
    expect(await told()).toBe(1);
    expect((await through.history(h.db, kept.id)).map((e) => e.action)).toEqual([
      "create",
      "redraft",
      "publish",
      "due",
    ]);
  });
});
