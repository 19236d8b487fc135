/**
 * Grave care's service (issue 16 §3): the cemetery's settings (season, price list), the family's
 * order of works or of a permit for a grave it is responsible for, the requests and permits as each
 * side reads them, a grave's care history, online payment (the payable `care_request`), the
 * request's thread and its files' read policies.
 */
import { and, asc, count, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import { almatyDay } from "../../../common/calendar/almaty.ts";
import {
  CARE_KINDS,
  CARE_MOVES,
  type CareKind,
  careNumber,
  inSeason,
  seasonDay,
  needsPermit,
  permitDueDay,
} from "../../../common/ennoblement.ts";
import type { ZCareOrder, ZCareSettings } from "../../../common/ennoblement-forms.ts";
import type {
  TCareGrave,
  TCareOrderForm,
  TCareRequest,
  TCareRequestItem,
  TCareSettingsAnswer,
  TGraveCare,
  TPermit,
} from "../../../common/ennoblement-schemas.ts";
import type { Locale } from "../../../common/locale.ts";
import { fullName } from "../../../common/person.ts";
import { linkTo } from "../../../common/route-table.ts";
import type { Queryable } from "../../db/client.ts";
import { SYSTEM, type TSessionUser } from "../../lib/caller.ts";
import { AppError, fieldError } from "../../lib/errors.ts";
import { pageWindow, type TPage, toPage } from "../../lib/list.ts";
import type { Services } from "../../services.ts";
import { assertManagesCemetery, staffCemeteryIds, worksInCemetery } from "../access/access.service.ts";
import { holders } from "../access/audiences.ts";
import { writeAudit } from "../audit/audit.service.ts";
import { burials } from "../burials/burials.tables.ts";
import { cemeteries, plots } from "../cemeteries/cemeteries.tables.ts";
import { beginPayment, registerPayable } from "../payments/payments.service.ts";
import { registerThread } from "../threads/threads.service.ts";
import { attachUploads, listAttached, registerReadPolicy } from "../uploads/uploads.service.ts";
import { users } from "../users/users.tables.ts";
import {
  CARE_FILES,
  CARE_PHOTO_PURPOSES,
  careRequestMachine,
  isPayable,
  permitMachine,
  priceListOf,
  seasonOf,
  type TCareRow,
  type TPermitRow,
} from "./ennoblement.machine.ts";
import { carePermits, carePrices, careRequests, careSettings } from "./ennoblement.tables.ts";

/** The family's photos of a permit asked for on its own (its own supplier installs). */
export const PERMIT_FILES = "care_permit";

const iso = (d: Date | null) => (d ? d.toISOString() : null);

// ---------- The cemetery's settings ----------

async function settingsOf(db: Queryable, c: typeof cemeteries.$inferSelect): Promise<TCareSettingsAnswer> {
  const prices = await priceListOf(db, c.id);
  prices.sort((a, b) => CARE_KINDS.indexOf(a.kind) - CARE_KINDS.indexOf(b.kind));
  return { cemeteryId: c.id, nameRu: c.nameRu, nameKk: c.nameKk, season: await seasonOf(db, c.id), prices };
}

/** The settings of every cemetery the caller works in (a manager's own; the admin's every one). */
export async function listCareSettings(db: Queryable, user: TSessionUser): Promise<{ items: TCareSettingsAnswer[] }> {
  const ids = await staffCemeteryIds(db, user);
  if (Array.isArray(ids) && !ids.length) return { items: [] };
  const rows = await db
    .select()
    .from(cemeteries)
    .where(ids === "all" ? undefined : inArray(cemeteries.id, ids))
    .orderBy(asc(cemeteries.id));
  return { items: await Promise.all(rows.map((c) => settingsOf(db, c))) };
}

/** A cemetery's managers set its season and price list (the whole list: a kind left out is no longer offered). */
export async function saveCareSettings(
  s: Services,
  user: TSessionUser,
  cemeteryId: number,
  input: z.output<typeof ZCareSettings>,
): Promise<TCareSettingsAnswer> {
  return s.db.transaction(async (tx) => {
    const [c] = await tx.select().from(cemeteries).where(eq(cemeteries.id, cemeteryId));
    if (!c) throw new AppError(404, "cemetery_not_found");
    await assertManagesCemetery(tx, user, cemeteryId);
    const season = { seasonStart: input.seasonStart ?? null, seasonEnd: input.seasonEnd ?? null, updatedAt: s.now() };
    await tx
      .insert(careSettings)
      .values({ cemeteryId, ...season })
      .onConflictDoUpdate({ target: careSettings.cemeteryId, set: season });
    await tx.delete(carePrices).where(eq(carePrices.cemeteryId, cemeteryId));
    if (input.prices.length) await tx.insert(carePrices).values(input.prices.map((p) => ({ ...p, cemeteryId })));
    await writeAudit(tx, {
      actor: { id: user.id, role: user.role },
      entityType: "care_settings",
      entityId: cemeteryId,
      action: "update",
      data: {
        season: input.seasonStart ? `${input.seasonStart}/${input.seasonEnd}` : "all_year",
        prices: input.prices.length,
      },
    });
    return settingsOf(tx, c);
  });
}

// ---------- The grave ----------

type TGraveRow = { b: typeof burials.$inferSelect; p: typeof plots.$inferSelect; c: typeof cemeteries.$inferSelect };

function presentGrave({ b, p, c }: TGraveRow): TCareGrave {
  const years = [b.birthYear ?? b.birthDate?.slice(0, 4), b.deathYear ?? b.deathDate?.slice(0, 4)]
    .filter(Boolean)
    .join("–");
  return {
    burialId: b.id,
    plotId: p.id,
    deceased: fullName(b),
    years,
    sector: p.sector,
    row: p.row,
    place: p.number,
    cemetery: { id: c.id, nameRu: c.nameRu, nameKk: c.nameKk },
  };
}

const graveQuery = (db: Queryable) =>
  db
    .select({ b: burials, p: plots, c: cemeteries })
    .from(burials)
    .innerJoin(plots, eq(plots.id, burials.plotId))
    .innerJoin(cemeteries, eq(cemeteries.id, plots.cemeteryId));

async function gravesOf(db: Queryable, ids: readonly number[]): Promise<Map<number, TCareGrave>> {
  if (!ids.length) return new Map();
  const rows = await graveQuery(db).where(inArray(burials.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.b.id, presentGrave(r)]));
}

/**
 * The family's own grave: one it is the responsible person of now (read each time: a hand-over
 * moves it), locked when asked; 404 for any other, its existence not revealed.
 */
async function ownGrave(tx: Queryable, user: TSessionUser, burialId: number, lock = false): Promise<TGraveRow> {
  const q = graveQuery(tx).where(and(eq(burials.id, burialId), eq(burials.responsibleUserId, user.id)));
  const [row] = lock ? await q.for("update", { of: burials }) : await q;
  if (!row || row.b.reburiedAt) throw new AppError(404, "burial_not_found");
  return row;
}

/** What the family needs to order for its grave: the grave, the season, the cemetery's price list. */
export async function careOrderForm(
  db: Queryable,
  user: TSessionUser,
  burialId: number,
  now: Date,
): Promise<TCareOrderForm> {
  const g = await ownGrave(db, user, burialId);
  const prices = await priceListOf(db, g.c.id);
  prices.sort((a, b) => CARE_KINDS.indexOf(a.kind) - CARE_KINDS.indexOf(b.kind));
  return { grave: presentGrave(g), season: await seasonOf(db, g.c.id), prices, today: almatyDay(now) };
}

// ---------- Ordering ----------

/**
 * The family orders works for its grave (a care request, with a permit for each installation the
 * cemetery will do), or only the permits (its own supplier installs). The kinds ordered from the
 * cemetery must be on its price list; an installation's planned day must be within the season.
 */
export async function orderCare(
  s: Services,
  user: TSessionUser,
  input: z.output<typeof ZCareOrder>,
): Promise<{ requestId: number | null; permitIds: number[] }> {
  const now = s.now();
  const today = almatyDay(now);
  return s.db.transaction(async (tx) => {
    const g = await ownGrave(tx, user, input.burialId, true);
    const kinds = [...new Set(input.kinds)] as CareKind[];
    const installs = kinds.filter(needsPermit);
    if (installs.length && input.plannedDate) {
      if (input.plannedDate < today) throw fieldError("plannedDate", "validation.care_date_past");
      const season = await seasonOf(tx, g.c.id);
      if (!inSeason(input.plannedDate, season)) {
        throw fieldError("plannedDate", "validation.care_out_of_season", {
          start: seasonDay(season?.start ?? ""),
          end: seasonDay(season?.end ?? ""),
        });
      }
    }
    let requestId: number | null = null;
    if (!input.permitOnly) {
      const list = await priceListOf(tx, g.c.id);
      if (!kinds.every((k) => list.some((l) => l.kind === k)))
        throw fieldError("kinds", "validation.care_kind_not_offered");
      const row = await careRequestMachine.create(
        tx,
        s,
        { cemeteryId: g.c.id, burialId: g.b.id, clientId: user.id, kinds, comment: input.comment ?? "" } as never,
        user,
      );
      requestId = row.id;
      await attachUploads(tx, {
        ownerId: user.id,
        field: { path: "photoIds", key: "validation.files_foreign" },
        ids: input.photoIds,
        entityType: CARE_FILES.photos,
        entityId: row.id,
        purposes: CARE_PHOTO_PURPOSES,
        now,
      });
    }
    const permitIds: number[] = [];
    for (const kind of installs) {
      const permit = await permitMachine.create(
        tx,
        s,
        {
          cemeteryId: g.c.id,
          burialId: g.b.id,
          careRequestId: requestId,
          clientId: user.id,
          kind,
          design: input.design ?? "",
          installer: input.permitOnly ? "own" : "cemetery",
          installerName: input.permitOnly ? (input.installer ?? "") : "",
          plannedDate: input.plannedDate as string,
          dueDay: permitDueDay(now),
        } as never,
        user,
      );
      permitIds.push(permit.id);
    }
    if (input.permitOnly && permitIds[0] !== undefined) {
      await attachUploads(tx, {
        ownerId: user.id,
        field: { path: "photoIds", key: "validation.files_foreign" },
        ids: input.photoIds,
        entityType: PERMIT_FILES,
        entityId: permitIds[0],
        purposes: CARE_PHOTO_PURPOSES,
        now,
      });
    }
    return { requestId, permitIds };
  });
}

// ---------- Reading ----------

function presentPermit(
  p: TPermitRow,
  grave: TCareGrave,
  season: TCareRequest["permits"][number]["season"],
  today: string,
  moves: TPermit["moves"],
): TPermit {
  return {
    id: p.id,
    status: p.status,
    kind: p.kind,
    design: p.design,
    installer: p.installer,
    installerName: p.installerName,
    plannedDate: p.plannedDate,
    dueDay: p.dueDay,
    overdue: p.status === "requested" && p.dueDay < today,
    issuedAt: iso(p.issuedAt),
    validUntil: p.validUntil,
    refuseReason: p.refuseReason,
    refuseComment: p.refuseComment,
    careRequestId: p.careRequestId,
    grave,
    season,
    createdAt: p.createdAt.toISOString(),
    moves,
  };
}

/** One permit within the caller's scope (404 outside it), with the caller's moves. */
export async function getPermit(
  s: Services,
  user: TSessionUser,
  id: number,
): Promise<TPermit & { photos: TCareRequest["photos"] }> {
  const db = s.db;
  const p = await permitMachine.load(db, user, id);
  const grave = (await gravesOf(db, [p.burialId])).get(p.burialId) as TCareGrave;
  const now = s.now();
  const photos = (await listAttached(db, PERMIT_FILES, [p.id])).get(String(p.id)) ?? [];
  return {
    ...presentPermit(
      p,
      grave,
      await seasonOf(db, p.cemeteryId),
      almatyDay(now),
      await permitMachine.movesFor(db, p, user, now),
    ),
    photos,
  };
}

const STAFF_ROLES = new Set(["manager", "admin"]);
const HISTORY_STEPS = new Set<string>(["create", ...CARE_MOVES, "answer_soon"]);

/** One request within the caller's scope (404 outside it): its grave, prices, photos, permits, moves, history. */
export async function getCareRequest(s: Services, user: TSessionUser, id: number): Promise<TCareRequest> {
  const db = s.db;
  const now = s.now();
  const today = almatyDay(now);
  const row = await careRequestMachine.load(db, user, id);
  const grave = (await gravesOf(db, [row.burialId])).get(row.burialId) as TCareGrave;
  const season = await seasonOf(db, row.cemeteryId);
  const permitRows = await db
    .select()
    .from(carePermits)
    .where(eq(carePermits.careRequestId, row.id))
    .orderBy(asc(carePermits.id));
  const permits = await Promise.all(
    permitRows.map(async (p) => presentPermit(p, grave, season, today, await permitMachine.movesFor(db, p, user, now))),
  );
  const [photos, before, after] = await Promise.all(
    [CARE_FILES.photos, CARE_FILES.before, CARE_FILES.after].map(
      async (type) => (await listAttached(db, type, [row.id])).get(String(row.id)) ?? [],
    ),
  );
  const isStaff = STAFF_ROLES.has(user.role);
  const [who] = isStaff ? await db.select().from(users).where(eq(users.id, row.clientId)) : [];
  const history = await careRequestMachine.history(db, row.id);
  const answerBy = row.doneAt ? new Date(row.doneAt.getTime() + 7 * 86_400_000) : null;
  return {
    id: row.id,
    number: careNumber(row.id, row.createdAt),
    status: row.status,
    kinds: row.kinds,
    comment: row.comment,
    grave,
    family: who ? { name: fullName(who), phone: who.phone } : null,
    lines: row.lines,
    total: row.total,
    paymentStatus: row.paymentStatus,
    paidVia: row.paidVia,
    paymentRef: row.paymentRef,
    paidAt: iso(row.paidAt),
    scheduledDate: row.scheduledDate,
    doneAt: iso(row.doneAt),
    answerBy: row.status === "done" ? iso(answerBy) : null,
    confirmedAt: iso(row.confirmedAt),
    disputedAt: iso(row.disputedAt),
    disputeText: row.disputeText,
    closeAnswer: row.closeAnswer,
    rejectReason: row.rejectReason,
    refundDue: row.refundDue,
    photos: photos ?? [],
    before: before ?? [],
    after: after ?? [],
    permits,
    canPayOnline: !isStaff && s.payments !== null && isPayable(row),
    createdAt: row.createdAt.toISOString(),
    history: history
      // The moves and timers of the request (its thread's messages are the thread's).
      .filter((h) => HISTORY_STEPS.has(h.action))
      .map((h) => ({
        at: h.at.toISOString(),
        action: h.action,
        to: h.to,
        reason: h.reason,
        byStaff: h.actorRole === "manager" || h.actorRole === "admin",
      })),
    moves: await careRequestMachine.movesFor(db, row, user, now),
  };
}

/** A permit of the request still requested past its due day. */
const permitOverdue = (today: string) =>
  sql<boolean>`exists (select 1 from care_permits cp where cp.care_request_id = "care_requests"."id" and cp.status = 'requested' and cp.due_day <= ${today})`;

async function presentItems(db: Queryable, rows: (TCareRow & { overdue: boolean })[]): Promise<TCareRequestItem[]> {
  const graves = await gravesOf(
    db,
    rows.map((r) => r.burialId),
  );
  return rows.map((r) => ({
    id: r.id,
    number: careNumber(r.id, r.createdAt),
    status: r.status,
    kinds: r.kinds,
    grave: graves.get(r.burialId) as TCareGrave,
    total: r.total,
    paymentStatus: r.paymentStatus,
    scheduledDate: r.scheduledDate,
    permitOverdue: r.overdue,
    createdAt: r.createdAt.toISOString(),
  }));
}

export type TCareListQuery = {
  page: number;
  pageSize: number;
  status?: TCareRow["status"] | "open";
  cemeteryId?: number;
  kind?: CareKind;
  burialId?: number;
};

/**
 * The requests within the caller's scope (a manager's cemeteries, the family's graves): filtered by
 * status (`open`: still going), cemetery, kind; those with a permit due today or overdue first,
 * then the newest.
 */
export async function listCareRequests(
  db: Queryable,
  user: TSessionUser,
  q: TCareListQuery,
  now: Date,
): Promise<TPage<TCareRequestItem>> {
  const today = almatyDay(now);
  const conds: (SQL | undefined)[] = [
    (await careRequestMachine.scopeOf(user, db)) ?? undefined,
    q.status === "open"
      ? inArray(careRequests.status, ["new", "accepted", "scheduled", "done", "disputed"])
      : q.status
        ? eq(careRequests.status, q.status)
        : undefined,
    q.cemeteryId !== undefined ? eq(careRequests.cemeteryId, q.cemeteryId) : undefined,
    q.kind ? sql`${q.kind} = any(${careRequests.kinds})` : undefined,
    q.burialId !== undefined ? eq(careRequests.burialId, q.burialId) : undefined,
  ];
  const where = and(...conds);
  const { limit, offset } = pageWindow(q);
  const overdue = permitOverdue(today);
  const [[counted], rows] = await Promise.all([
    db.select({ n: count() }).from(careRequests).where(where),
    db
      .select({ r: careRequests, overdue })
      .from(careRequests)
      .where(where)
      .orderBy(desc(overdue), desc(careRequests.createdAt), desc(careRequests.id))
      .limit(limit)
      .offset(offset),
  ]);
  return toPage(
    await presentItems(
      db,
      rows.map((x) => ({ ...x.r, overdue: x.overdue })),
    ),
    counted?.n ?? 0,
    q,
  );
}

/**
 * The permits within the caller's scope: by status (`requested` by default for the staff's queue),
 * cemetery, those overdue and due today first (by due day), then the newest.
 */
export async function listPermits(
  db: Queryable,
  user: TSessionUser,
  q: { page: number; pageSize: number; status?: TPermitRow["status"]; cemeteryId?: number; own?: boolean },
  now: Date,
): Promise<TPage<TPermit>> {
  const today = almatyDay(now);
  const where = and(
    (await permitMachine.scopeOf(user, db)) ?? undefined,
    q.status ? eq(carePermits.status, q.status) : undefined,
    q.cemeteryId !== undefined ? eq(carePermits.cemeteryId, q.cemeteryId) : undefined,
    // The family's permits asked for on their own (the others show on their requests).
    q.own ? sql`${carePermits.careRequestId} is null` : undefined,
  );
  const { limit, offset } = pageWindow(q);
  const [[counted], rows] = await Promise.all([
    db.select({ n: count() }).from(carePermits).where(where),
    db
      .select()
      .from(carePermits)
      .where(where)
      .orderBy(asc(carePermits.dueDay), desc(carePermits.id))
      .limit(limit)
      .offset(offset),
  ]);
  const graves = await gravesOf(
    db,
    rows.map((r) => r.burialId),
  );
  const items = await Promise.all(
    rows.map(async (p) =>
      presentPermit(
        p,
        graves.get(p.burialId) as TCareGrave,
        await seasonOf(db, p.cemeteryId),
        today,
        await permitMachine.movesFor(db, p, user, now),
      ),
    ),
  );
  return toPage(items, counted?.n ?? 0, q);
}

/**
 * A grave's care history (its requests with their photos before and after, its permits), for its
 * responsible person and the cemetery's staff; 404 for anyone else.
 */
export async function graveCare(db: Queryable, user: TSessionUser, burialId: number): Promise<TGraveCare> {
  const [g] = await graveQuery(db).where(eq(burials.id, burialId));
  const may =
    !!g &&
    (g.b.responsibleUserId === user.id || (STAFF_ROLES.has(user.role) && (await worksInCemetery(db, user, g.c.id))));
  if (!g || !may) throw new AppError(404, "burial_not_found");
  const rows = await db
    .select()
    .from(careRequests)
    .where(eq(careRequests.burialId, burialId))
    .orderBy(desc(careRequests.createdAt), desc(careRequests.id));
  const items = await presentItems(
    db,
    rows.map((r) => ({ ...r, overdue: false })),
  );
  const ids = rows.map((r) => r.id);
  const [before, after] = await Promise.all([
    listAttached(db, CARE_FILES.before, ids),
    listAttached(db, CARE_FILES.after, ids),
  ]);
  const permits = await db
    .select()
    .from(carePermits)
    .where(eq(carePermits.burialId, burialId))
    .orderBy(desc(carePermits.createdAt), desc(carePermits.id));
  return {
    requests: items.map((it, i) => ({
      ...it,
      doneAt: iso(rows[i]?.doneAt ?? null),
      before: before.get(String(it.id)) ?? [],
      after: after.get(String(it.id)) ?? [],
    })),
    permits: permits.map((p) => ({
      id: p.id,
      status: p.status,
      kind: p.kind,
      validUntil: p.validUntil,
      createdAt: p.createdAt.toISOString(),
    })),
  };
}

// ---------- Paying online ----------

/** Starts (or resumes) paying the family's request online while it is accepted and unpaid. */
export function startCarePayment(s: Services, user: TSessionUser, id: number, locale: Locale) {
  return beginPayment(s, {
    subject: "care_request",
    subjectId: id,
    actor: user,
    locale,
    prepare: async (tx) => {
      const row = await careRequestMachine.load(tx, user, id, { forUpdate: true });
      if (!isPayable(row)) throw new AppError(409, "care_not_payable");
      return { amount: row.total as number, number: careNumber(row.id, row.createdAt) };
    },
  });
}

registerPayable("care_request", {
  // The provider's word, once: the system's move `pay_online` (told to the cemetery's managers).
  async settle(tx, s, id) {
    const [row] = await tx.select().from(careRequests).where(eq(careRequests.id, id)).for("update");
    if (!row || !isPayable(row)) return false;
    await careRequestMachine.move(tx, s, row, "pay_online", SYSTEM);
    return true;
  },
  async describe(db, id, payment) {
    const [r] = await db.select().from(careRequests).where(eq(careRequests.id, id));
    if (!r) throw new AppError(404, "payment_not_found");
    const number = careNumber(r.id, r.createdAt);
    return {
      number,
      receipt: payment.status === "paid" ? `PC-${number}` : null,
      backPath: `/client/tickets/ennoblement/${r.id}`,
      returnPath: (paid) => `/client/tickets/ennoblement/${r.id}?paid=${paid ? 1 : 0}`,
    };
  },
});

// ---------- The thread and the files ----------

/**
 * The request's conversation: the grave's responsible person and the cemetery's managers (internal
 * notes for the staff). Writable while the request goes on and after its works (a dispute comes
 * then); read-only once rejected or cancelled.
 */
registerThread("care_request", {
  access: async (tx, caller, id) => {
    const row = await careRequestMachine.load(tx, caller, id).catch((e: unknown) => {
      if (e instanceof AppError && e.status === 404) return null;
      throw e;
    });
    if (!row) return null;
    return {
      staff: STAFF_ROLES.has(caller.role),
      participant: caller.role === "client",
      canWrite: row.status !== "rejected" && row.status !== "cancelled",
    };
  },
  recipients: async (tx, id) => {
    const [row] = await tx
      .select({ cemeteryId: careRequests.cemeteryId, responsible: burials.responsibleUserId })
      .from(careRequests)
      .innerJoin(burials, eq(burials.id, careRequests.burialId))
      .where(eq(careRequests.id, id));
    if (!row) return { applicant: [], staff: [] };
    return {
      applicant: row.responsible !== null ? [row.responsible] : [],
      staff: await holders(tx, "care.handle", { cemeteryId: row.cemeteryId }),
    };
  },
  link: (id, forStaff) =>
    forStaff ? linkTo("manager-ennoblement-item", { id }) : linkTo("client-care-request", { id }),
  subject: async (tx, id) => {
    const [row] = await tx
      .select({ createdAt: careRequests.createdAt })
      .from(careRequests)
      .where(eq(careRequests.id, id));
    const number = row ? careNumber(id, row.createdAt) : String(id);
    return { ru: `Благоустройство № ${number}`, kk: `№ ${number} абаттандыру` };
  },
});

/** Who reads a request's photos: whoever reads the request (its grave's family now, the cemetery's staff). */
const readsRequest = async (db: Queryable, user: TSessionUser, entityId: string) => {
  const scope = await careRequestMachine.scopeOf(user, db);
  const [r] = await db
    .select({ id: careRequests.id })
    .from(careRequests)
    .where(and(eq(careRequests.id, Number(entityId)), scope ?? undefined));
  return !!r;
};
for (const type of Object.values(CARE_FILES)) registerReadPolicy(type, readsRequest);
registerReadPolicy(PERMIT_FILES, async (db, user, entityId) => {
  const scope = await permitMachine.scopeOf(user, db);
  const [r] = await db
    .select({ id: carePermits.id })
    .from(carePermits)
    .where(and(eq(carePermits.id, Number(entityId)), scope ?? undefined));
  return !!r;
});
