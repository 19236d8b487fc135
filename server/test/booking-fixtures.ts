import { asc, eq, inArray } from "drizzle-orm";
import { withCheckDigit } from "../../common/iin.ts";
import { createApi } from "../api.ts";
import { type Database, type Db, openDatabase, type Queryable } from "../db/client.ts";
import { createSession } from "../modules/auth/auth.service.ts";
import { DEMO_CEMETERIES, ensureRegistryCemetery } from "../modules/burials/burials.seed.ts";
import { managerCemeteries } from "../modules/access/access.tables.ts";
import { burials } from "../modules/burials/burials.tables.ts";
import { cemeteries, plots } from "../modules/cemeteries/cemeteries.tables.ts";
import { burialRequests, plotHolds } from "../modules/burial-requests/burial-requests.tables.ts";
import { uploads } from "../modules/uploads/uploads.tables.ts";
import { users } from "../modules/users/users.tables.ts";
import type { Services } from "../services.ts";

/**
 * Shared set-up of the booking tests and of `npm run bench:booking`: an open cemetery with every
 * place free, many client accounts signed in at once, certificates, and an API on a pool of its own.
 */

/** 11:00 in Almaty on a Monday: the slots of the next days are open. */
export const T0 = new Date("2026-11-23T06:00:00Z");
export const HOUR = 3600_000;

/** The deceased of every test booking (IIN born 1945-01-02, death the day before T0). */
export const DECEASED = {
  surname: "Сейтқасымов",
  name: "Нұржан",
  patronymic: "Әлиұлы",
  iin: withCheckDigit("45010240012") as string,
  deathDate: "2026-11-22",
};

/** A new grave's booking body for `POST /burial-requests`. */
export const newGrave = (plotIds: number[]) => ({ kind: "new_grave", plotIds, ...DECEASED });

export type TBookingCemetery = {
  id: number;
  /** The places of each (sector, row), sorted by number: neighbours in a row are adjacent. */
  rows: number[][];
};

/**
 * One of the demo cemeteries (`which`), laid out with `perRow` places in `rows` rows of each sector,
 * open for booking, with no burial records and every place free. `settings` overrides its booking
 * settings (slot capacity, fee, hold hours).
 */
export async function bookingCemetery(
  db: Queryable,
  akimatId: number,
  opts: {
    which?: number;
    rows?: number;
    perRow?: number;
    settings?: Partial<
      Pick<typeof cemeteries.$inferInsert, "slotCapacity" | "slotMinutes" | "burialFee" | "holdHours">
    >;
  } = {},
): Promise<TBookingCemetery> {
  const which = opts.which ?? 0;
  const demo = DEMO_CEMETERIES[which] as Parameters<typeof ensureRegistryCemetery>[2];
  const id = await ensureRegistryCemetery(db, akimatId, demo, {
    rows: opts.rows ?? 1,
    perRow: opts.perRow ?? 10,
    seed: which + 1,
  });
  const places = await db
    .select({ id: plots.id, sector: plots.sector, row: plots.row })
    .from(plots)
    .where(eq(plots.cemeteryId, id))
    .orderBy(asc(plots.sector), asc(plots.row), asc(plots.number));
  const placeIds = places.map((p) => p.id);
  for (let i = 0; i < placeIds.length; i += 5000) {
    await db.delete(burials).where(inArray(burials.plotId, placeIds.slice(i, i + 5000)));
  }
  await db.update(plots).set({ status: "free" }).where(eq(plots.cemeteryId, id));
  await db
    .update(cemeteries)
    .set({ status: "open", burialFee: 25_000, ...opts.settings })
    .where(eq(cemeteries.id, id));
  const rows = new Map<string, number[]>();
  for (const p of places) {
    const key = `${p.sector}\u0000${p.row}`;
    rows.set(key, [...(rows.get(key) ?? []), p.id]);
  }
  return { id, rows: [...rows.values()] };
}

/** Makes the user of `phone` a manager of the cemetery. */
export async function assignManager(db: Queryable, phone: string, cemeteryId: number): Promise<number> {
  const [m] = await db.select({ id: users.id }).from(users).where(eq(users.phone, phone));
  if (!m) throw new Error(`no user ${phone}`);
  await db.insert(managerCemeteries).values({ userId: m.id, cemeteryId });
  return m.id;
}

export type TSignedIn = { id: number; phone: string; token: string };

/**
 * `count` accounts of `role`, each signed in: the users are written directly and each gets the
 * session a login creates (`createSession`), so every request of a test still goes through the
 * API's session lookup and permission check. `series` (0–99) keeps the phones of several calls apart.
 */
export async function signedInUsers(
  db: Db,
  count: number,
  now: Date,
  opts: { series?: number; role?: "client" | "manager" } = {},
): Promise<TSignedIn[]> {
  const series = String(opts.series ?? 0).padStart(2, "0");
  const out: TSignedIn[] = [];
  for (let from = 0; from < count; from += 500) {
    const batch = Array.from({ length: Math.min(500, count - from) }, (_, i) => ({
      phone: `+779${series}${String(from + i).padStart(6, "0")}`,
      role: opts.role ?? "client",
      surname: "Семья",
      name: `№${from + i + 1}`,
    }));
    const made = await db.insert(users).values(batch).returning({ id: users.id, phone: users.phone });
    await db.transaction(async (tx) => {
      for (const u of made) out.push({ ...u, token: await createSession(tx, u.id, now) });
    });
  }
  return out;
}

/**
 * A death certificate the user has uploaded (its row; the file's bytes are not needed to attach it
 * to a request), as `PUT /burial-requests/{id}/details` takes it.
 */
export async function certificateOf(db: Queryable, ownerId: number): Promise<string> {
  const [row] = await db
    .insert(uploads)
    .values({
      ownerId,
      ip: "127.0.0.1",
      purpose: "document",
      name: "certificate.pdf",
      type: "application/pdf",
      size: 1024,
      sha256: "0".repeat(64),
      storageKey: `test/${ownerId}/certificate.pdf`,
    })
    .returning({ id: uploads.id });
  return (row as { id: string }).id;
}

export type TCall = (
  method: string,
  path: string,
  opts?: { token?: string; body?: unknown },
) => Promise<{ status: number; json: any }>;

/** A caller of the API of `services` in process, as the harness's `request`. */
export function caller(services: Services): TCall {
  const api = createApi(services);
  return async (method, path, opts = {}) => {
    const headers: Record<string, string> = {};
    if (opts.body !== undefined) headers["content-type"] = "application/json";
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    const res = await api.request(`/api/v1${path}`, {
      method,
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    });
    const text = await res.text();
    return { status: res.status, json: text ? JSON.parse(text) : null };
  };
}

/**
 * Services like `base` on a pool of `poolSize` connections of their own when `DATABASE_URL` is set
 * (concurrent requests then run on as many PostgreSQL connections at once); on PGlite, which is
 * one connection, `base` itself. `close` ends the pool.
 */
export async function withPool(
  base: Services,
  poolSize: number,
): Promise<{ services: Services; close: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) return { services: base, close: async () => {} };
  const database: Database = await openDatabase({ databaseUrl: url, poolSize });
  return { services: { ...base, db: database.db }, close: database.close };
}

/** The statuses of answers counted (`{201: 1, 409: 499}`). */
export function tally(results: readonly { status: number }[]): Record<number, number> {
  const out: Record<number, number> = {};
  for (const r of results) out[r.status] = (out[r.status] ?? 0) + 1;
  return out;
}

/** Ids of the first places of a row (`n` from `from`). */
export const take = (row: readonly number[] | undefined, n: number, from = 0) => {
  const ids = (row ?? []).slice(from, from + n);
  if (ids.length !== n) throw new Error(`the row has no ${n} places from ${from}`);
  return ids;
};

/**
 * What a booking of one place writes, without the service: the request (one place, 72 h) and its
 * hold from `now`, in `tx` — for race tests that hold a transaction open at this step.
 */
export async function writeHeldRequest(
  tx: Queryable,
  r: { clientId: number; cemeteryId: number; plotId: number; surname: string; now: Date },
): Promise<number> {
  const until = new Date(r.now.getTime() + 72 * HOUR);
  const [row] = await tx
    .insert(burialRequests)
    .values({
      clientId: r.clientId,
      cemeteryId: r.cemeteryId,
      kind: "new_grave",
      surname: r.surname,
      iin: "450102400120",
      deathDate: "2026-11-22",
      places: 1,
      fee: 25_000,
      expiresAt: until,
    })
    .returning({ id: burialRequests.id });
  const requestId = (row as { id: number }).id;
  await tx.insert(plotHolds).values({ requestId, plotId: r.plotId, heldFrom: r.now, heldUntil: until });
  return requestId;
}
