import { and, asc, eq, type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { z } from "zod";
import { can, type Permission } from "../../../common/permissions.ts";
import type { Queryable } from "../../db/client.ts";
import { AppError, type ErrorCode } from "../../lib/errors.ts";
import { issueToField } from "../../lib/http.ts";
import type { Services } from "../../services.ts";
import { writeAudit } from "../audit/audit.service.ts";
import { auditLog } from "../audit/audit.tables.ts";
import { enqueue, type TQueuedJobDefinition } from "../jobs/queue.ts";
import type { TNotice } from "../notifications/notices.ts";
import { tell } from "../notifications/notifications.service.ts";

/** Whom a move tells (the notifications module's notice): machines declare theirs with this type. */
export type { TNotice };
import { type Actor, isSystem, SYSTEM, type TCaller, type TSessionUser } from "../../lib/caller.ts";

/**
 * One state machine per entity (decision 016). Each entity declares, in one place, its statuses and
 * the status a new row starts in, the rows a caller reaches (its scope), the moves between statuses
 * (or that keep the status: assigning, extending a deadline), who may make each move (a permission,
 * or the system's timers and callbacks), what a move takes (its input schema, which validates the
 * route's body and names the form's fields), what it needs (`when` on the row, `requires` from
 * the database), which columns it sets (the table's own columns: a misspelt one does not compile),
 * what else it writes, whom it tells, and its timers (`{ on: status, at: row => date, move | notice }`).
 *
 * `machine.move` is the one way a status changes: the guarded update (`WHERE status = <the status
 * read>`, so of two concurrent moves one wins and the other gets a 409), the audit row, the
 * notifications and SMS (through the outbox), the timers of the status entered, all in the caller's
 * transaction. `machine.create` does the same for a new row; `machine.load` reads a row within the
 * caller's scope (404 outside it); `machine.movesFor` lists the moves a caller may make now — API
 * answers carry it as `moves` and screens draw their forms from it; `machine.history` reads the
 * moves back from the audit log.
 */

/** A table a machine drives: an integer id and a status column. */
export type TStatusTable = PgTable & { id: PgColumn; status: PgColumn };
/** A row of the table, as Drizzle reads it. */
export type RowOf<T extends TStatusTable> = T["$inferSelect"] & { id: number; status: string };
/** The table's statuses, from its status column's type. */
export type StatusOf<T extends TStatusTable> = RowOf<T>["status"];
/** The columns a move may set: the table's own, typed. */
export type ColumnsOf<T extends TStatusTable> = Partial<T["$inferInsert"]>;

export type TMoveContext<T extends TStatusTable, I = Record<string, unknown>> = {
  row: RowOf<T>;
  actor: Actor;
  now: Date;
  /** The move's input, parsed by its schema (the route's body, or what the system passed). */
  input: I;
  /** `input.reason`, trimmed, or null: stored on the audit row. */
  reason: string | null;
};

/** A refusal of `requires`: the error code (translated `errors.<code>`), 409 unless `status` says otherwise. */
export type TRefusal = ErrorCode | AppError;

export type TMoveDef<T extends TStatusTable, I = any> = {
  from: readonly StatusOf<T>[];
  /** The status the move leads to; none: the move keeps the status (assign, extend, note). */
  to?: StatusOf<T>;
  /** The permission the actor needs, or `system` for moves only the product's own timers and callbacks make. */
  by: Permission | "system";
  /** The move's input: validates the route's body (422 naming the fields) and types `ctx.input`. */
  input?: z.ZodType<I>;
  /** What the row must also satisfy for this actor (ownership, a time); else `whenError`. */
  when?: (row: RowOf<T>, actor: Actor, now: Date) => boolean;
  /** The error code (translated as `errors.<code>`) when `when` fails; `invalid_transition` by default. */
  whenError?: ErrorCode;
  /**
   * What the database must also say before the move (a document attached, a place still free): the
   * refusal, or null. Checked by `movesFor` too, so a move that would be refused is not offered.
   */
  requires?: (tx: Queryable, row: RowOf<T>, actor: Actor, now: Date) => Promise<TRefusal | null>;
  /** Checks of the input against the database (a record the caller may point to); throws `AppError`. */
  checkInput?: (tx: Queryable, ctx: TMoveContext<T, I>) => Promise<void>;
  /** Columns set together with the status: the table's own (checked by `defineMachine`'s type). */
  set?: (ctx: TMoveContext<T, I>) => ColumnsOf<T>;
  /** Further writes in the same transaction, after the row changed (`row` is the updated row). */
  effects?: (tx: Queryable, s: Services, ctx: TMoveContext<T, I>) => Promise<void>;
  /** Who is told, given the updated row (may look people up, e.g. a cemetery's staff). */
  tell?: (ctx: TMoveContext<T, I>, tx: Queryable) => TNotice[] | Promise<TNotice[]>;
};

/**
 * A timer of a status: queued when a row enters `on` (created in it, or moved into it), due at
 * `at(row)`; when it fires it reads the row again and acts only if the row is still in `on` and
 * `at(row)` has come (a deadline extended meanwhile queues a timer of its own): the system makes
 * `move`, or `notice` tells people (audited as the timer's name). Runs once across app servers
 * (the job queue, decision 012). `at` returning null queues nothing (a reminder already past).
 */
export type TTimer<T extends TStatusTable, M extends string> = {
  name: string;
  /**
   * The status the timer belongs to, or several: a deadline that runs through them (an appeal's due
   * day, in work or waiting for the applicant) is queued on entering any of them (once per time: the
   * job's key) and acts if the row is in one of them when it fires.
   */
  on: StatusOf<T> | readonly StatusOf<T>[];
  at: (row: RowOf<T>) => Date | null;
} & (
  | { move: M; notice?: never }
  | {
      /** Whom to tell; nobody (a reminder that no longer applies) writes nothing, not even the audit row. */
      notice: (row: RowOf<T>, tx: Queryable, now: Date) => TNotice[] | Promise<TNotice[]>;
      move?: never;
    }
);

export type TMachineSpec<T extends TStatusTable, Moves extends Record<string, TMoveDef<T>>> = {
  /** The audit log's entity type, and the name the timers' jobs know the machine by. */
  entity: string;
  table: T;
  statuses: readonly StatusOf<T>[];
  /** The status `create` writes. */
  initial: StatusOf<T>;
  /**
   * The rows a caller reaches (from the access module): a condition folded into `load` and the
   * lists, null for every row. Without it only the system loads rows.
   */
  scope?: (caller: TSessionUser, tx: Queryable) => SQL | null | Promise<SQL | null>;
  /** The error `load` answers outside the scope or for a missing row (404). */
  notFound?: ErrorCode;
  moves: Moves;
  /** Who is told of a new row (`create`). */
  created?: (ctx: { row: RowOf<T>; actor: Actor; now: Date }, tx: Queryable) => TNotice[] | Promise<TNotice[]>;
  timers?: readonly TTimer<T, Extract<keyof Moves, string>>[];
};

/** A move's `set` naming a column the table does not have: the type names it. */
type CheckedMoves<T extends TStatusTable, Moves> = {
  [K in keyof Moves]: Moves[K] extends { set: (ctx: never) => infer V }
    ? [Exclude<keyof V, keyof T["$inferInsert"]>] extends [never]
      ? Moves[K]
      : Omit<Moves[K], "set"> & { set: `no column ${Exclude<keyof V, keyof T["$inferInsert"]> & string}` }
    : Moves[K];
};

export type TMoveInput = Record<string, unknown>;

/** One step of a record's history, from the audit log. */
export type THistoryEntry<S extends string, M extends string> = {
  at: Date;
  /** The move, `create`, or a timer's notice (`remind_24h`). */
  action: M | "create" | (string & {});
  from: S | null;
  to: S | null;
  actorId: number | null;
  actorRole: string | null;
  reason: string | null;
  data: Record<string, unknown>;
};

export type TMachine<T extends TStatusTable = TStatusTable, M extends string = string> = {
  readonly entity: string;
  readonly table: T;
  readonly statuses: readonly StatusOf<T>[];
  readonly initial: StatusOf<T>;
  readonly moves: Readonly<Record<M, TMoveDef<T>>>;
  readonly timers: readonly TTimer<T, M>[];
  /** The moves a person may make through the API (not the system's). */
  readonly publicMoves: readonly M[];
  /** The row `id` if the caller reaches it (its scope), locked for the caller's transaction when `forUpdate`; else 404. */
  load(tx: Queryable, caller: TCaller, id: number, opts?: { forUpdate?: boolean }): Promise<RowOf<T>>;
  /** The caller's scope as a condition for a list's query (null: every row). */
  scopeOf(caller: TCaller, tx: Queryable): Promise<SQL | null>;
  /** Inserts a row in the initial status with its audit row, notices and timers. */
  create(tx: Queryable, s: Services, values: T["$inferInsert"], actor: Actor): Promise<RowOf<T>>;
  /** Makes one move (see the module's comment); returns the updated row. */
  move(tx: Queryable, s: Services, row: RowOf<T>, name: M, actor: Actor, input?: TMoveInput): Promise<RowOf<T>>;
  /** The moves `actor` may make on `row` now: status, permission, `when` and `requires` hold. */
  movesFor(tx: Queryable, row: RowOf<T>, actor: Actor, now: Date): Promise<M[]>;
  /** The row's history from the audit log, oldest first. */
  history(tx: Queryable, id: number): Promise<THistoryEntry<StatusOf<T>, M>[]>;
  /** Fires one queued timer (the timers' job): acts only when the row is still in its status and the time has come. */
  fireTimer(tx: Queryable, s: Services, id: number, timer: string, at: string): Promise<void>;
};

/** A machine's move names. */
export type MoveOf<X extends { moves: object }> = Extract<keyof X["moves"], string>;
/**
 * `true` only when a machine's moves are exactly the names the API's schemas and the screens use
 * (`common/`): `const _same: SameNames<MoveOf<typeof m>, NewsMove> = true` fails to compile otherwise.
 */
export type SameNames<A extends string, B extends string> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

function actorMay(by: Permission | "system", actor: Actor): boolean {
  if (by === "system") return isSystem(actor);
  return !isSystem(actor) && can(actor.role as Parameters<typeof can>[0], by);
}

const refusalError = (r: TRefusal) => (typeof r === "string" ? new AppError(409, r) : r);

/** The job that fires the machines' timers. */
export const TIMER_JOB = "workflow.timer";

/**
 * Declares an entity's machine. The type ties the moves to the table's statuses and columns, and
 * the move names to what the API and screens use (`keyof moves`).
 */
export function defineMachine<T extends TStatusTable, const Moves extends Record<string, TMoveDef<T>>>(
  spec: TMachineSpec<T, Moves> & { moves: CheckedMoves<T, Moves> },
): TMachine<T, Extract<keyof Moves, string>> {
  type M = Extract<keyof Moves, string>;
  type R = RowOf<T>;
  type S = StatusOf<T>;
  const moves = spec.moves as unknown as Record<M, TMoveDef<T>>;
  const timers = (spec.timers ?? []) as readonly TTimer<T, M>[];
  const statuses = spec.statuses as readonly string[];
  for (const [name, m] of Object.entries(moves) as [string, TMoveDef<T>][]) {
    for (const st of [...m.from, ...(m.to ? [m.to] : [])]) {
      if (!statuses.includes(st)) throw new Error(`${spec.entity}.${name}: unknown status ${st}`);
    }
  }
  if (!statuses.includes(spec.initial)) throw new Error(`${spec.entity}: unknown initial status ${spec.initial}`);
  if (new Set(timers.map((t) => t.name)).size !== timers.length)
    throw new Error(`${spec.entity}: two timers of one name`);
  const timerOn = (t: TTimer<T, M>, status: string) =>
    typeof t.on === "string" ? t.on === status : (t.on as readonly string[]).includes(status);
  for (const t of timers) {
    for (const st of typeof t.on === "string" ? [t.on] : t.on) {
      if (!statuses.includes(st)) throw new Error(`${spec.entity} timer ${t.name}: unknown status ${st}`);
    }
    if (t.move && moves[t.move]?.by !== "system")
      throw new Error(`${spec.entity} timer ${t.name}: ${t.move} is not a system move`);
  }
  const table = spec.table;

  /** Queues the timers of the status `row` is in now (each once per row, status entry and time). */
  async function queueTimers(tx: Queryable, row: R) {
    for (const t of timers) {
      if (!timerOn(t, row.status)) continue;
      const at = t.at(row);
      if (!at) continue;
      await enqueue(tx, {
        kind: TIMER_JOB,
        key: `${spec.entity}:${row.id}:${t.name}:${at.toISOString()}`,
        payload: { entity: spec.entity, id: row.id, timer: t.name, at: at.toISOString() },
        runAt: at,
      });
    }
  }

  async function scopeOf(caller: TCaller, tx: Queryable): Promise<SQL | null> {
    if (isSystem(caller)) return null;
    if (!spec.scope) return sql`false`;
    return spec.scope(caller, tx);
  }

  const machine: TMachine<T, M> = {
    entity: spec.entity,
    table,
    statuses: spec.statuses,
    initial: spec.initial,
    moves,
    timers,
    publicMoves: (Object.keys(moves) as M[]).filter((m) => moves[m].by !== "system"),
    scopeOf,

    async load(tx, caller, id, opts = {}) {
      const scope = await scopeOf(caller, tx);
      const q = tx
        .select()
        .from(table as PgTable)
        .where(and(eq(table.id, id), scope ?? undefined));
      const [row] = (opts.forUpdate ? await q.for("update", { of: table as PgTable }) : await q) as unknown as R[];
      if (!row) throw new AppError(404, spec.notFound ?? "not_found");
      return row;
    },

    async create(tx, s, values, actor) {
      const now = s.now();
      const [row] = (await tx
        .insert(table)
        .values({ ...values, status: spec.initial } as never)
        .returning()) as unknown as R[];
      if (!row) throw new Error(`${spec.entity}: insert returned nothing`);
      await writeAudit(tx, {
        actor,
        entityType: spec.entity,
        entityId: row.id,
        action: "create",
        to: spec.initial,
      });
      await queueTimers(tx, row);
      await tell(tx, (await spec.created?.({ row, actor, now }, tx)) ?? []);
      return row;
    },

    async movesFor(tx, row, actor, now) {
      const out: M[] = [];
      for (const name of Object.keys(moves) as M[]) {
        const m = moves[name];
        if (!m.from.includes(row.status as S) || !actorMay(m.by, actor)) continue;
        if (m.when && !m.when(row, actor, now)) continue;
        if (m.requires && (await m.requires(tx, row, actor, now)) !== null) continue;
        out.push(name);
      }
      return out;
    },

    async move(tx, s, row, name, actor, rawInput = {}) {
      const def = Object.hasOwn(moves, name) ? moves[name] : undefined;
      if (!def) throw new AppError(409, "invalid_transition", { from: row.status, to: String(name) });
      if (!actorMay(def.by, actor)) throw new AppError(403, "forbidden");
      const to = (def.to ?? row.status) as S;
      if (!def.from.includes(row.status as S)) throw new AppError(409, "invalid_transition", { from: row.status, to });
      const now = s.now();
      if (def.when && !def.when(row, actor, now)) {
        throw new AppError(409, def.whenError ?? "invalid_transition", { from: row.status, to });
      }
      if (def.requires) {
        const refusal = await def.requires(tx, row, actor, now);
        if (refusal !== null) throw refusalError(refusal);
      }
      const input = parseInput(def, rawInput);
      const reason = typeof input.reason === "string" && input.reason.trim() ? input.reason.trim() : null;
      const ctx: TMoveContext<T> = { row, actor, now, input, reason };
      await def.checkInput?.(tx, ctx);
      const values: Record<string, unknown> = { ...(def.set?.(ctx) ?? {}), status: to };
      if ("updatedAt" in table) values.updatedAt = now;
      const updated = (await tx
        .update(table)
        .set(values as never)
        .where(and(eq(table.id, row.id), eq(table.status, row.status)))
        .returning()) as unknown as R[];
      const after = updated[0];
      if (!after) throw new AppError(409, "conflict");
      await writeAudit(tx, {
        actor,
        entityType: spec.entity,
        entityId: row.id,
        action: String(name),
        from: row.status,
        to,
        data: auditData(input, reason),
      });
      let afterCtx: TMoveContext<T> = { ...ctx, row: after };
      if (def.effects) {
        await def.effects(tx, s, afterCtx);
        // The further writes may have filled columns of the row (the burial record's id): read it again.
        const [fresh] = (await tx
          .select()
          .from(table as PgTable)
          .where(eq(table.id, row.id))) as unknown as R[];
        afterCtx = { ...ctx, row: fresh ?? after };
      }
      // A new status starts its timers; a move that keeps the status may have moved a deadline.
      await queueTimers(tx, afterCtx.row);
      await tell(tx, (await def.tell?.(afterCtx, tx)) ?? []);
      return afterCtx.row;
    },

    fireTimer: (tx, s, id, timer, at) => fireOwnTimer(tx, s, id, timer, at),

    async history(tx, id) {
      const events = await tx
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityType, spec.entity), eq(auditLog.entityId, String(id))))
        .orderBy(asc(auditLog.at), asc(auditLog.id));
      return events.map((e) => {
        const data = (e.data ?? {}) as Record<string, unknown>;
        return {
          at: e.at,
          action: e.action as M,
          from: e.fromState as S | null,
          to: e.toState as S | null,
          actorId: e.actorId,
          actorRole: e.actorRole,
          reason: typeof data.reason === "string" ? data.reason : null,
          data,
        };
      });
    },
  };
  return machine;

  async function fireOwnTimer(tx: Queryable, s: Services, id: number, timerName: string, at: string): Promise<void> {
    const t = timers.find((x) => x.name === timerName);
    if (!t) throw new Error(`${spec.entity}: no timer ${timerName}`);
    const [row] = (await tx
      .select()
      .from(table as PgTable)
      .where(eq(table.id, id))
      .for("update")) as unknown as R[];
    if (!row || !timerOn(t, row.status)) return;
    const due = t.at(row);
    // Moved meanwhile (an extended deadline): the timer queued for the new time acts then.
    if (!due || due.toISOString() !== at) return;
    if (due > s.now()) throw new Error(`${spec.entity} ${id} ${timerName} is due later; retried`);
    if (t.move) {
      await machine.move(tx, s, row, t.move, SYSTEM);
      return;
    }
    const notices = (await t.notice?.(row, tx, s.now())) ?? [];
    if (!notices.length) return;
    await tell(tx, notices);
    await writeAudit(tx, {
      actor: SYSTEM,
      entityType: spec.entity,
      entityId: id,
      action: t.name,
    });
  }
}

/** Validates a move's input with its schema: 422 naming the fields (the form layer's messages). */
function parseInput(def: { input?: z.ZodType<unknown> }, raw: TMoveInput): Record<string, unknown> {
  if (!def.input) return { ...raw };
  const parsed = def.input.safeParse(raw);
  if (parsed.success) return parsed.data as Record<string, unknown>;
  throw new AppError(422, "validation_failed", {}, parsed.error.issues.map(issueToField));
}

/** What the audit row keeps of a move's input: the reason and the other short values (no documents). */
function auditData(input: Record<string, unknown>, reason: string | null): Record<string, unknown> {
  const out: Record<string, unknown> = reason ? { reason } : {};
  for (const [k, v] of Object.entries(input)) {
    if (k === "reason" || v === undefined || v === null || v === "") continue;
    if (typeof v === "string" || typeof v === "number" || typeof v === "boolean") out[k] = v;
  }
  return out;
}

/**
 * The job that fires the timers of these machines (`server/jobs.ts` lists the machines that have
 * timers), finding each by the entity its timer was queued for.
 */
export function timersJob(
  machines: readonly TMachine<any, any>[],
): TQueuedJobDefinition<{ entity: string; id: number; timer: string; at: string }> {
  const byEntity = new Map(machines.map((m) => [m.entity, m]));
  if (byEntity.size !== machines.length) throw new Error("two machines of one entity");
  return {
    kind: TIMER_JOB,
    run: async (s, p) => {
      const machine = byEntity.get(p.entity);
      if (!machine) throw new Error(`no machine ${p.entity} among the timers' machines`);
      await s.db.transaction((tx) => machine.fireTimer(tx, s, p.id, p.timer, p.at));
    },
  };
}
