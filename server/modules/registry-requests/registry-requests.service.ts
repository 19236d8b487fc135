/**
 * The visitors' search and add requests to the cemetery staff: taken from anyone (limited per
 * address, photos private to the staff), and the staff's side: the inbox (one page at a time,
 * across the caller's cemeteries) and the answer, through `registryRequestMachine`.
 */
import { and, count, eq, gt, inArray, isNull, notInArray, or, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { TRegistryRequestPage } from "../../../common/api-types.ts";
import type { Locale } from "../../../common/locale.ts";
import type { ZAddRequestInput, ZSearchRequestInput } from "../../../common/schemas.ts";
import type { Db, Queryable } from "../../db/client.ts";
import { AppError, fieldError } from "../../lib/errors.ts";
import { hourBefore, lockQuota } from "../../lib/hourly-quota.ts";
import { orderOf, pageWindow, type TSort, toPage } from "../../lib/list.ts";
import { assertManagesCemetery, handlesRequestFor, registryRequestScope } from "../access/access.service.ts";
import { writeAudit } from "../audit/audit.service.ts";
import { isoDate, yearOf } from "../burials/burials.service.ts";
import { cemeteries } from "../cemeteries/cemeteries.tables.ts";
import { attachUploads, listAttached, registerReadPolicy } from "../uploads/uploads.service.ts";
import { registryRequestMachine } from "./registry-requests.machine.ts";
import type { REQUEST_STATUSES } from "../../../common/api-types.ts";
import { registryRequests } from "./registry-requests.tables.ts";
import { type TSessionUser, SYSTEM } from "../../lib/caller.ts";

/** Photos of an add request are bound to it under this entity type. */
export const REQUEST_FILES = "registry_request";
/** Requests one IP address may send in an hour (the form is open to anonymous visitors). */
export const REQUESTS_PER_IP_HOUR = 5;

/**
 * Throws 429 once an address has sent its requests of the hour. Search and add requests share
 * one count: both are the same anonymous form-to-staff channel, and a separate count would only
 * double what one address can push into the staff's queue.
 */
async function assertRequestQuota(tx: Queryable, ip: string, now: Date) {
  await lockQuota(tx, `registry-requests:${ip}`);
  const [recent] = await tx
    .select({ n: count() })
    .from(registryRequests)
    .where(and(eq(registryRequests.ip, ip), gt(registryRequests.createdAt, hourBefore(now))));
  if ((recent?.n ?? 0) >= REQUESTS_PER_IP_HOUR) throw new AppError(429, "rate_limited");
}

type Requester = { userId: number | null; role: string | null; ip: string; now: Date };
type RequestValues = Omit<typeof registryRequests.$inferInsert, "applicantId" | "ip" | "createdAt" | "updatedAt">;

/**
 * Stores a visitor's request for the cemetery staff (open to anonymous visitors, so limited per
 * IP), audited in its transaction; `then` runs in the same transaction with the new id.
 */
async function storeRequest(
  db: Db,
  who: Requester,
  values: RequestValues,
  then?: (tx: Queryable, id: number) => Promise<void>,
): Promise<{ id: number }> {
  return db.transaction(async (tx) => {
    await assertRequestQuota(tx, who.ip, who.now);
    await assertRequestCemetery(tx, values.cemeteryId);
    const [row] = await tx
      .insert(registryRequests)
      .values({ ...values, applicantId: who.userId, ip: who.ip, createdAt: who.now, updatedAt: who.now })
      .returning({ id: registryRequests.id });
    const id = (row as { id: number }).id;
    await then?.(tx, id);
    await writeAudit(tx, {
      actor: who.userId ? { id: who.userId, role: who.role ?? "client" } : SYSTEM,
      entityType: "registry_request",
      entityId: id,
      action: "create",
      to: "new",
    });
    return { id };
  });
}

/** A request may name a cemetery; one that does not exist is the visitor's mistake (422), not a 500. */
async function assertRequestCemetery(tx: Queryable, cemeteryId: number | null | undefined) {
  if (!cemeteryId) return;
  const [c] = await tx.select({ id: cemeteries.id }).from(cemeteries).where(eq(cemeteries.id, cemeteryId));
  if (!c) throw fieldError("cemeteryId", "validation.cemetery_id");
}

/**
 * Stores a visitor's request to find a burial; the staff of the cemetery (or of all cemeteries
 * when none was chosen) answer it.
 */
export function createSearchRequest(db: Db, who: Requester, input: z.output<typeof ZSearchRequestInput>) {
  return storeRequest(db, who, { kind: "search", ...input, cemeteryId: input.cemeteryId ?? null });
}

/**
 * Stores a visitor's request to add a burial missing from the registry, with photos the same
 * visitor uploaded (signed in: theirs; anonymous: uploaded from the same address, unattached).
 * The photos stay private: the visitor and the cemetery staff see them.
 */
export function createAddRequest(db: Db, who: Requester, input: z.output<typeof ZAddRequestInput>) {
  const { photoIds, ...fields } = input;
  const values: RequestValues = {
    kind: "add",
    ...fields,
    birthDate: input.birthDate ?? null,
    deathDate: input.deathDate ?? null,
    burialDate: input.burialDate ?? null,
    birthYear: yearOf(input.birthDate),
    deathYear: yearOf(input.deathDate),
    cemeteryId: input.cemeteryId ?? null,
  };
  return storeRequest(db, who, values, (tx, id) =>
    attachUploads(tx, {
      ownerId: who.userId,
      ip: who.ip,
      field: { path: "photoIds", key: "validation.photos_foreign" },
      ids: photoIds,
      entityType: REQUEST_FILES,
      entityId: id,
      purposes: ["photo"],
      now: who.now,
    }),
  );
}

/**
 * The photos of an add request are read by the staff who handle the request: the managers of its
 * cemetery, or of any cemetery when the visitor named none (as the inbox shows it), and the admin.
 * A manager of another cemetery gets the same 404 as a stranger. (The visitor reads them as uploader.)
 */
registerReadPolicy(REQUEST_FILES, async (db, user, entityId) => {
  const [request] = await db
    .select({ cemeteryId: registryRequests.cemeteryId })
    .from(registryRequests)
    .where(eq(registryRequests.id, Number(entityId)));
  return request ? handlesRequestFor(db, user, request.cemeteryId) : false;
});

/** Statuses of a request still waiting for its answer; the others are closed. */
export const OPEN_REQUEST_STATUSES = ["new", "in_progress"] as const;

/** Which requests a list shows: by state, kind and cemetery, in which order, which page. */
export type TRequestFilter = {
  /** `open` (new or in progress), `closed`, `all`, or one status. */
  status: "open" | "closed" | "all" | (typeof REQUEST_STATUSES)[number];
  kind?: "search" | "add";
  /** One cemetery (and, with `withUnassigned`, the requests that named none), or only those that named none. */
  cemeteryId?: number | "none";
  withUnassigned?: boolean;
  sort: TSort<"createdAt">;
  page: number;
  pageSize: number;
};

/**
 * Requests the caller handles, one page at a time with the total, so no list is cut short: the
 * admin sees all; a manager those of their cemeteries and those that named none (they go to
 * every cemetery's staff, see `handlesRequestFor`). Asking for another manager's cemetery is 403.
 */
export async function listRequests(
  db: Db,
  user: TSessionUser,
  filter: TRequestFilter,
  locale: Locale,
  now: Date,
): Promise<TRegistryRequestPage> {
  // The scope first: a filter can narrow what the caller handles, never widen it.
  const conds: (SQL | undefined)[] = [registryRequestScope(user, registryRequests.cemeteryId) ?? undefined];
  if (typeof filter.cemeteryId === "number") {
    await assertManagesCemetery(db, user, filter.cemeteryId);
    conds.push(
      filter.withUnassigned
        ? or(eq(registryRequests.cemeteryId, filter.cemeteryId), isNull(registryRequests.cemeteryId))
        : eq(registryRequests.cemeteryId, filter.cemeteryId),
    );
  } else if (filter.cemeteryId === "none") conds.push(isNull(registryRequests.cemeteryId));
  if (filter.status === "open") conds.push(inArray(registryRequests.status, [...OPEN_REQUEST_STATUSES]));
  else if (filter.status === "closed") conds.push(notInArray(registryRequests.status, [...OPEN_REQUEST_STATUSES]));
  else if (filter.status !== "all") conds.push(eq(registryRequests.status, filter.status));
  if (filter.kind) conds.push(eq(registryRequests.kind, filter.kind));
  const where = and(...conds);
  const order = orderOf(filter.sort, { createdAt: registryRequests.createdAt }, registryRequests.id);
  const { limit, offset } = pageWindow(filter);
  const [[counted], rows] = await Promise.all([
    db.select({ n: count() }).from(registryRequests).where(where),
    db
      .select({ r: registryRequests, nameRu: cemeteries.nameRu, nameKk: cemeteries.nameKk })
      .from(registryRequests)
      .leftJoin(cemeteries, eq(cemeteries.id, registryRequests.cemeteryId))
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
  ]);
  const photos = await listAttached(
    db,
    REQUEST_FILES,
    rows.map(({ r }) => r.id),
  );
  const moves = await Promise.all(rows.map(({ r }) => registryRequestMachine.movesFor(db, r, user, now)));
  return toPage(
    rows.map(({ r, nameRu, nameKk }, i) => ({
      id: r.id,
      kind: r.kind,
      photos: photos.get(String(r.id)) ?? [],
      status: r.status,
      cemeteryId: r.cemeteryId,
      cemeteryName: r.cemeteryId === null ? null : locale === "kk" ? nameKk : nameRu,
      applicantName: r.applicantName,
      applicantPhone: r.applicantPhone,
      surname: r.surname,
      name: r.name,
      patronymic: r.patronymic,
      birthYear: r.birthYear,
      deathYear: r.deathYear,
      birthDate: isoDate(r.birthDate),
      deathDate: isoDate(r.deathDate),
      burialDate: isoDate(r.burialDate),
      location: r.location,
      details: r.details,
      answer: r.answer,
      burialId: r.burialId,
      createdAt: r.createdAt.toISOString(),
      moves: moves[i] ?? [],
    })),
    Number(counted?.n ?? 0),
    filter,
  );
}
