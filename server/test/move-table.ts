import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import type { Queryable } from "../db/client.ts";
import { DEMO_PHONES } from "../db/seed.ts";
import { AppError } from "../lib/errors.ts";
import { auditLog } from "../modules/audit/audit.tables.ts";
import { users } from "../modules/users/users.tables.ts";
import type { RowOf, TMachine, TMoveInput, TStatusTable } from "../modules/workflow/workflow.ts";
import type { Harness } from "./harness.ts";
import { type Actor, SYSTEM } from "../lib/caller.ts";

/**
 * Table-driven tests of a workflow machine: for each move, a grid written out by hand with one row
 * per role (and the system) and one column per status, each cell the outcome expected when that
 * caller makes that move on a row in that status: the status the row ends in, or the HTTP status
 * of the refusal (403 no permission, 409 not from this status, 422 something missing). The grids
 * are the specification; they are not derived from the machine.
 */
export const ACTORS = ["admin", "manager", "akimat", "supplier", "client", "system"] as const;
export type TActorName = (typeof ACTORS)[number];

export type TCase = { move: string; status: string; actor: TActorName; expected: string };

/** A grid written out in a test: the words of its first line, then the words of each other line. */
export function readGrid(text: string): { head: string[]; rows: string[][] } {
  const [head = [], ...rows] = text
    .trim()
    .split("\n")
    .map((l) => l.trim().split(/\s+/));
  return { head, rows };
}

/** Reads the grids: `{ moveName: "  status…\n  role outcome…" }` into one case per cell. */
export function casesOf(grids: Record<string, string>): TCase[] {
  const out: TCase[] = [];
  for (const [name, grid] of Object.entries(grids)) {
    const { head, rows } = readGrid(grid);
    for (const [actor, ...cells] of rows) {
      if (!ACTORS.includes(actor as TActorName)) throw new Error(`${name}: unknown actor ${actor}`);
      if (cells.length !== head.length) throw new Error(`${name}/${actor}: ${cells.length} cells for ${head.length}`);
      cells.forEach((expected, i) => {
        out.push({ move: name, status: head[i] as string, actor: actor as TActorName, expected });
      });
    }
  }
  return out;
}

/** Checks that the grids name every move, every status and every caller, each cell once. */
export function expectFullCoverage<T extends TStatusTable, M extends string>(machine: TMachine<T, M>, cases: TCase[]) {
  expect(new Set(cases.map((c) => c.move))).toEqual(new Set(Object.keys(machine.moves)));
  for (const m of Object.keys(machine.moves)) {
    const mine = cases.filter((c) => c.move === m);
    expect(mine.length, m).toBe(machine.statuses.length * ACTORS.length);
    expect(new Set(mine.map((c) => `${c.status}/${c.actor}`)).size, m).toBe(mine.length);
    expect(new Set(mine.map((c) => c.status)), m).toEqual(new Set<string>(machine.statuses));
  }
}

/** The demo account of each role, and the system. */
export async function actorsOf(h: Harness): Promise<Record<TActorName, Actor>> {
  const out = { system: SYSTEM } as Record<TActorName, Actor>;
  for (const role of ["admin", "manager", "akimat", "supplier", "client"] as const) {
    const [u] = await h.db.select({ id: users.id }).from(users).where(eq(users.phone, DEMO_PHONES[role]));
    if (!u) throw new Error(`no demo ${role}`);
    out[role] = { id: u.id, role };
  }
  return out;
}

/**
 * Runs one case: a fresh row in the status, the move in a transaction of its own. An allowed move
 * must end in the expected status, with its audit row, and be listed by `movesFor`; a refused one
 * must answer the expected HTTP status, leave the row as it was, and not be listed.
 */
export type TCaseSetup<T extends TStatusTable, M extends string> = {
  actors: Record<TActorName, Actor>;
  /**
   * Inserts a row of the entity in this status; returns it. `move` is the move the case makes: a
   * row whose parties depend on it (the sender withdraws a hand-over, its relative agrees) is made
   * for that move.
   */
  create: (db: Queryable, status: RowOf<T>["status"], move: M) => Promise<RowOf<T>>;
  /** What the caller sends with this move (a reason, an answer; files of the caller's own). */
  input?: (move: M, actor: TActorName) => TMoveInput;
};

export async function runCase<T extends TStatusTable, M extends string>(
  h: Harness,
  machine: TMachine<T, M>,
  c: TCase,
  opts: TCaseSetup<T, M>,
) {
  const row = await opts.create(h.db, c.status as RowOf<T>["status"], c.move as M);
  const actor = opts.actors[c.actor];
  const listed = (await machine.movesFor(h.db, row, actor, h.services.now())).includes(c.move as M);
  let outcome: string;
  try {
    const after = await h.db.transaction((tx) =>
      machine.move(tx, h.services, row, c.move as M, actor, opts.input?.(c.move as M, c.actor) ?? {}),
    );
    outcome = after.status;
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    outcome = String(err.status);
  }
  expect(outcome).toBe(c.expected);
  const [stored] = (await h.db
    .select()
    .from(machine.table as TStatusTable)
    .where(eq(machine.table.id, row.id))) as unknown as RowOf<T>[];
  const audit = await h.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.entityId, String(row.id)));
  const mine = audit.filter((a) => a.entityType === machine.entity);
  if (/^\d+$/.test(c.expected)) {
    expect(stored?.status).toBe(c.status);
    expect(mine).toEqual([]);
    expect(listed).toBe(false);
  } else {
    expect(stored?.status).toBe(c.expected);
    expect(mine).toMatchObject([{ action: c.move, fromState: c.status, toState: c.expected, actorRole: c.actor }]);
    expect(listed).toBe(true);
  }
}

/**
 * The tests of a machine's grids, in the current `describe`: one that the grids cover the machine
 * (`expectFullCoverage`), then one per cell (`runCase`). `setup` is called when a case runs, so it
 * may name the harness and actors a `beforeAll` makes.
 */
export function itFollowsTheGrids<T extends TStatusTable, M extends string>(
  machine: TMachine<T, M>,
  grids: Record<string, string>,
  setup: () => TCaseSetup<T, M> & { h: Harness },
) {
  const cases = casesOf(grids);
  it("is specified for every move, status and caller", () => {
    expectFullCoverage(machine, cases);
  });

  it.each(cases)("$move from $status by $actor: $expected", async (c) => {
    const { h, ...opts } = setup();
    await runCase(h, machine, c, opts);
  });
}
