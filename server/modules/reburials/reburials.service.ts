/**
 * Reburial requests (issue 14 C): a family's request to move a deceased's remains, to the akimat of
 * the grave's city; reading one with its documents, history and the caller's moves; the lists of
 * the akimat's inbox and of the applicant. The rules of its life are the machine's
 * (`reburials.machine.ts`); its conversation the thread registered here; its files the uploads bound
 * under `reburial.<kind>`, read by whom the request is visible to. An approved request continues as
 * a booking of the destination (`burial-requests`, kind `reburial`), which this module does not
 * import: the bookings module tells it what it booked (`registerReburialBookings`) and completes it.
 */
import { z } from "@hono/zod-openapi";
import { and, count, eq, inArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { caseCountdown, type TAppealCountdown } from "../../../common/appeal-deadlines.ts";
import type { BurialRequestStatus } from "../../../common/booking-terms.ts";
import { almatyDay } from "../../../common/calendar/almaty.ts";
import type { Locale } from "../../../common/locale.ts";
import { formatDate, translate } from "../../../common/i18n.ts";
import { EXPORT_MAX_ROWS, xlsxTable } from "../../lib/xlsx-export.ts";
import { fullName } from "../../../common/person.ts";
import type { TReburial, TReburialListItem } from "../../../common/reburial-api.ts";
import {
  DECIDED_REBURIAL_STATUSES,
  isOpenReburial,
  OPEN_REBURIAL_STATUSES,
  REBURIAL_DOC_KINDS,
  REBURIAL_STATUSES,
  reburialIdFromNumber,
} from "../../../common/reburials.ts";
import { linkTo } from "../../../common/route-table.ts";
import type { ZReburialCreate } from "../../../common/reburial-forms.ts";
import type { Queryable } from "../../db/client.ts";
import { SYSTEM, type TSessionUser } from "../../lib/caller.ts";
import { AppError, fieldError } from "../../lib/errors.ts";
import { listQuery, orderOf, pageWindow, type TPage, toPage } from "../../lib/list.ts";
import type { Services } from "../../services.ts";
import { handlesReburialsOf, reburialScope } from "../access/access.service.ts";
import { burials } from "../burials/burials.tables.ts";
import { cemeteries, plots } from "../cemeteries/cemeteries.tables.ts";
import { registerThread } from "../threads/threads.service.ts";
import { attachUploads, listAttached, registerReadPolicy } from "../uploads/uploads.service.ts";
import { akimats } from "../users/organisations.tables.ts";
import { users } from "../users/users.tables.ts";
import { anyLike, CASE_LIST_FILTERS, caseConditions, caseHistory, caseParts } from "../workflow/cases.ts";
import {
  handlers,
  numberOf,
  REBURIAL_FILE_RULES,
  REBURIAL_FILE_TYPES,
  reburialFiles,
  reburialMachine,
  registerReburial,
  type TReburialRow,
} from "./reburials.machine.ts";
import { reburialRequests } from "./reburials.tables.ts";

const scopeOf = (user: TSessionUser) =>
  reburialScope(user, { akimatId: reburialRequests.akimatId, applicantId: reburialRequests.applicantId });

// A request's files are read by whom the request is visible to: its applicant, its akimat's staff.
for (const type of REBURIAL_FILE_TYPES) {
  registerReadPolicy(type, async (db, user, entityId) => {
    const id = Number(entityId);
    if (!Number.isInteger(id)) return false;
    const [row] = await db
      .select({ id: reburialRequests.id })
      .from(reburialRequests)
      .where(and(eq(reburialRequests.id, id), scopeOf(user)));
    return row !== undefined;
  });
}

// The conversation about a request: the applicant and the akimat's staff, internal notes among the
// staff; a request that is closed (refused, withdrawn, done) keeps its thread readable, not writable.
registerThread("reburial", {
  access: async (tx, caller, id) => {
    const [row] = await tx
      .select({
        status: reburialRequests.status,
        akimatId: reburialRequests.akimatId,
        applicantId: reburialRequests.applicantId,
      })
      .from(reburialRequests)
      .where(and(eq(reburialRequests.id, id), scopeOf(caller)));
    if (!row) return null;
    return {
      staff: handlesReburialsOf(caller, row.akimatId),
      participant: row.applicantId === caller.id,
      canWrite: isOpenReburial(row.status) || row.status === "approved",
    };
  },
  recipients: async (tx, id) => {
    const [row] = await tx.select().from(reburialRequests).where(eq(reburialRequests.id, id));
    if (!row) return { applicant: [], staff: [] };
    return {
      applicant: row.applicantId === null ? [] : [row.applicantId],
      staff: await handlers(tx, row),
    };
  },
  link: (id, forStaff) => linkTo(forStaff ? "user-reburial" : "client-reburial-request", { id }),
  subject: async (tx, id) => {
    const [row] = await tx
      .select({ id: reburialRequests.id, createdAt: reburialRequests.createdAt })
      .from(reburialRequests)
      .where(eq(reburialRequests.id, id));
    const number = row ? numberOf(row) : String(id);
    return { ru: `Заявление о перезахоронении № ${number}`, kk: `№ ${number} қайта жерлеу туралы өтініш` };
  },
});

// ---------- The bookings of the destination (told by the bookings module) ----------

/** A booking of the destination made for a request, as the request's page shows it. */
export type TReburialBooking = { id: number; number: string; status: BurialRequestStatus };
type TBookingsOf = (db: Queryable, reburialIds: readonly number[]) => Promise<Map<number, TReburialBooking[]>>;
let bookingsOf: TBookingsOf = async () => new Map();

/**
 * The bookings module says which bookings carry out which request (it imports this module, not the
 * other way round), once, as it is loaded.
 */
export function registerReburialBookings(fn: TBookingsOf): void {
  bookingsOf = fn;
}

const LIVE_BOOKING: readonly BurialRequestStatus[] = ["pending", "paid", "confirmed", "completed"];

/**
 * The request a client books the destination of (kind `reburial`): their own, approved, to a
 * cemetery of the platform, with no live booking yet — else 409 `reburial_not_bookable` (404 when
 * not theirs). Locked until the booking commits, so two tabs never book it twice.
 */
export async function reburialToBook(tx: Queryable, user: TSessionUser, id: number): Promise<TReburialRow> {
  const row = await reburialMachine.load(tx, user, id, { forUpdate: true });
  if (row.applicantId !== user.id || row.status !== "approved" || row.destinationCemeteryId === null) {
    throw new AppError(409, "reburial_not_bookable");
  }
  const live = ((await bookingsOf(tx, [row.id])).get(row.id) ?? []).filter((b) => LIVE_BOOKING.includes(b.status));
  if (live.length) throw new AppError(409, "reburial_not_bookable");
  return row;
}

/**
 * The destination's burial completed: the request is done (the system's `complete`), the old record
 * marked reburied with a link to the new one, its place freed and the search showing the new place.
 */
export async function completeReburial(
  tx: Queryable,
  s: Services,
  reburialId: number,
  newBurialId: number,
): Promise<void> {
  const [row] = await tx.select().from(reburialRequests).where(eq(reburialRequests.id, reburialId)).for("update");
  if (row?.status !== "approved") return;
  await reburialMachine.move(tx, s, row, "complete", SYSTEM, { newBurialId });
}

// ---------- Creating ----------

/** A record of the registry with its place and its cemetery's akimat, or null. */
async function recordWithPlace(tx: Queryable, burialId: number) {
  const [r] = await tx
    .select({ b: burials, p: plots, akimatId: cemeteries.akimatId })
    .from(burials)
    .innerJoin(plots, eq(plots.id, burials.plotId))
    .innerJoin(cemeteries, eq(cemeteries.id, plots.cemeteryId))
    .where(eq(burials.id, burialId));
  return r ?? null;
}

/**
 * A signed-in client's reburial request, registered at once, to the akimat of the source grave's
 * cemetery (or of the destination's when the grave is outside the platform). A grave of the
 * registry gives the deceased's name and dates; the applicant who is not its responsible person
 * attaches kinship proof. The files (the applicant's, unattached, PDF/JPEG/PNG up to 10 MB) are
 * bound by kind in the same transaction.
 */
export async function createReburial(
  s: Services,
  user: TSessionUser,
  input: z.output<typeof ZReburialCreate>,
  locale: Locale,
): Promise<{ id: number; number: string }> {
  return s.db.transaction(async (tx) => {
    let akimatId: number | null = null;
    let source: Partial<TReburialRow> = {};
    let isResponsible = false;
    if (input.source === "platform") {
      const r = await recordWithPlace(tx, input.sourceBurialId as number);
      if (!r) throw fieldError("sourceBurialId", "validation.choose_grave");
      if (r.b.reburiedAt) throw fieldError("sourceBurialId", "validation.reburial_already");
      const [open] = await tx
        .select({ id: reburialRequests.id })
        .from(reburialRequests)
        .where(
          and(
            eq(reburialRequests.sourceBurialId, r.b.id),
            inArray(reburialRequests.status, [...OPEN_REBURIAL_STATUSES, "approved"]),
          ),
        )
        .limit(1);
      if (open) throw fieldError("sourceBurialId", "validation.reburial_open_exists");
      akimatId = r.akimatId;
      isResponsible = r.b.responsibleUserId === user.id;
      source = {
        sourceBurialId: r.b.id,
        sourceCemeteryId: r.p.cemeteryId,
        surname: r.b.surname,
        name: r.b.name,
        patronymic: r.b.patronymic,
        iin: r.b.iin ?? input.iin ?? null,
        deathDate: r.b.deathDate ?? input.deathDate ?? null,
      };
    } else {
      source = {
        sourceCountry: input.sourceCountry ?? null,
        sourceCity: input.sourceCity ?? null,
        sourceText: input.sourceText ?? null,
        surname: input.surname ?? "",
        name: input.name,
        patronymic: input.patronymic,
        iin: input.iin ?? null,
        deathDate: input.deathDate ?? null,
      };
    }
    let destinationCemeteryId: number | null = null;
    if (input.destination === "platform") {
      const [c] = await tx
        .select({ id: cemeteries.id, akimatId: cemeteries.akimatId, status: cemeteries.status })
        .from(cemeteries)
        .where(eq(cemeteries.id, input.destinationCemeteryId as number));
      if (!c || c.status === "closed") throw fieldError("destinationCemeteryId", "validation.cemetery_id");
      destinationCemeteryId = c.id;
      akimatId ??= c.akimatId;
    }
    if (akimatId === null) throw fieldError("destination", "validation.reburial_no_akimat");
    if (!isResponsible && !input.kinshipIds.length) throw fieldError("kinshipIds", "validation.reburial_kinship");
    const [me] = await tx.select().from(users).where(eq(users.id, user.id));
    if (!me) throw new AppError(401, "unauthorized");
    const row = await registerReburial(
      tx,
      s,
      {
        akimatId,
        language: locale,
        applicantId: user.id,
        applicantName: fullName(me),
        applicantPhone: me.phone,
        isResponsible,
        isRepresentative: input.isRepresentative,
        ...source,
        surname: source.surname ?? "",
        destinationCemeteryId,
        destinationText: input.destination === "outside" ? (input.destinationText ?? null) : null,
        reason: input.reason,
        deathNoticeNumber: input.deathNoticeNumber ?? null,
      },
      user,
    );
    const byKind = {
      death: input.deathIds,
      kinship: input.kinshipIds,
      grave: input.graveIds,
      consent: input.consentIds,
      power: input.powerIds,
      other: input.otherIds,
    };
    for (const kind of REBURIAL_DOC_KINDS) {
      await attachUploads(tx, {
        ownerId: user.id,
        ids: byKind[kind],
        entityType: reburialFiles(kind),
        entityId: row.id,
        ...REBURIAL_FILE_RULES,
        field: { path: `${kind}Ids`, key: "validation.appeal_files" },
        now: s.now(),
      });
    }
    return { id: row.id, number: numberOf(row) };
  });
}

// ---------- Reading ----------

/** The term on `today`: working days left and overdue while the request is open. */
export function reburialCountdown(r: Pick<TReburialRow, "status" | "dueDay">, today: string): TAppealCountdown {
  return caseCountdown(isOpenReburial(r.status), r.dueDay, today);
}

async function placeOf(db: Queryable, burialId: number | null, locale: Locale) {
  if (burialId === null) return null;
  const [r] = await db
    .select({ p: plots, c: cemeteries })
    .from(burials)
    .innerJoin(plots, eq(plots.id, burials.plotId))
    .innerJoin(cemeteries, eq(cemeteries.id, plots.cemeteryId))
    .where(eq(burials.id, burialId));
  if (!r) return null;
  return {
    burialId,
    cemetery: { id: r.c.id, name: locale === "kk" ? r.c.nameKk : r.c.nameRu },
    sector: r.p.sector,
    row: r.p.row,
    number: r.p.number,
  };
}

async function nameOf(db: Queryable, table: typeof cemeteries | typeof akimats, id: number | null, locale: Locale) {
  if (id === null) return null;
  const [r] = await db.select({ ru: table.nameRu, kk: table.nameKk }).from(table).where(eq(table.id, id));
  return r ? { id, name: locale === "kk" ? r.kk : r.ru } : null;
}

async function person(db: Queryable, id: number | null) {
  if (id === null) return null;
  const [u] = await db.select().from(users).where(eq(users.id, id));
  return u ? { id: u.id, name: fullName(u), position: u.position } : null;
}

/** One request within the caller's scope (404 outside it), with its documents, history and the caller's moves. */
export async function getReburial(s: Services, caller: TSessionUser, id: number, locale: Locale): Promise<TReburial> {
  const db = s.db;
  const row = await reburialMachine.load(db, caller, id);
  const now = s.now();
  const docs = Object.fromEntries(
    await Promise.all(
      REBURIAL_DOC_KINDS.map(
        async (k) => [k, (await listAttached(db, reburialFiles(k), [row.id])).get(String(row.id)) ?? []] as const,
      ),
    ),
  ) as TReburial["documents"];
  const bookings = (await bookingsOf(db, [row.id])).get(row.id) ?? [];
  const moves = await reburialMachine.movesFor(db, row, caller, now);
  const akimat = await nameOf(db, akimats, row.akimatId, locale);
  return {
    id: row.id,
    number: numberOf(row),
    status: row.status,
    language: row.language,
    akimat: akimat ?? { id: row.akimatId, name: "" },
    deceased: {
      surname: row.surname,
      name: row.name,
      patronymic: row.patronymic,
      iin: row.iin,
      deathDate: row.deathDate,
    },
    source: {
      place: await placeOf(db, row.sourceBurialId, locale),
      country: row.sourceCountry,
      city: row.sourceCity,
      text: row.sourceText,
    },
    destination: {
      cemetery: await nameOf(db, cemeteries, row.destinationCemeteryId, locale),
      text: row.destinationText,
    },
    reason: row.reason,
    applicant: { name: row.applicantName, phone: row.applicantPhone },
    isResponsible: row.isResponsible,
    isRepresentative: row.isRepresentative,
    deathNoticeNumber: row.deathNoticeNumber,
    registeredAt: row.registeredAt.toISOString(),
    countdown: reburialCountdown(row, almatyDay(now)),
    assignee: await person(db, row.assigneeId),
    ...caseParts(row),
    approval:
      row.reburialDate && row.decidedAt
        ? {
            date: row.reburialDate,
            feeWaived: row.feeWaived,
            conditions: row.conditions,
            at: row.decidedAt.toISOString(),
          }
        : null,
    refusal:
      row.refusalReason && row.decidedAt
        ? { reason: row.refusalReason, howToComplain: row.howToComplain ?? "", at: row.decidedAt.toISOString() }
        : null,
    done: row.reburiedAt
      ? {
          at: row.reburiedAt.toISOString(),
          on: row.reburiedOn,
          place: await placeOf(db, row.newBurialId, locale),
        }
      : null,
    bookings,
    canBook:
      row.status === "approved" &&
      row.destinationCemeteryId !== null &&
      row.applicantId === caller.id &&
      !bookings.some((b) => LIVE_BOOKING.includes(b.status)),
    documents: docs,
    history: caseHistory(await reburialMachine.history(db, row.id), handlesReburialsOf(caller, row.akimatId)),
    moves,
    isStaff: handlesReburialsOf(caller, row.akimatId),
  };
}

// ---------- Lists ----------

/** `open` (being considered), `decided`, `all`, or one status. */
const ZStatusFilter = z.enum(["open", "decided", "all", ...REBURIAL_STATUSES]);

/**
 * The list's query (the akimat's inbox, the applicant's requests): status (`all` by default; `open`,
 * `decided` or one status), overdue only, assignee (an id, or `none`), the registration days'
 * period, a text (the number, or words of the deceased's name and the reason), the applicant (name
 * or phone); sorted by registration or by the due day.
 */
export const ZReburialListQuery = listQuery({
  sort: ["registeredAt", "dueDay"],
  defaultSort: "-registeredAt",
  filters: {
    status: ZStatusFilter.default("all"),
    ...CASE_LIST_FILTERS,
  },
});
export type TReburialListQuery = z.output<typeof ZReburialListQuery>;

/**
 * The requests the caller reaches (`reburialScope`: an akimat's staff their akimat's, a client their
 * own), filtered, one page with the total: the scope is the first condition, so a filter narrows,
 * never widens.
 */
export async function listReburials(
  s: Services,
  caller: TSessionUser,
  q: TReburialListQuery,
  locale: Locale,
): Promise<TPage<TReburialListItem>> {
  const db = s.db;
  const today = almatyDay(s.now());
  const t = reburialRequests;
  const conds = [
    scopeOf(caller),
    ...caseConditions(t, q, {
      open: OPEN_REBURIAL_STATUSES,
      groups: { open: OPEN_REBURIAL_STATUSES, decided: DECIDED_REBURIAL_STATUSES },
      today,
    }),
  ];
  if (q.q) {
    const id = /^[RrРр]-|^\d{4}-\d+$|^\d+$/.test(q.q) ? reburialIdFromNumber(q.q) : null;
    conds.push(
      id !== null
        ? eq(t.id, id)
        : anyLike(q.q, [sql`${t.surname} || ' ' || ${t.name} || ' ' || ${t.patronymic}`, t.reason]),
    );
  }
  const where = and(...conds);
  const { limit, offset } = pageWindow(q);
  const order = orderOf(q.sort, { registeredAt: t.registeredAt, dueDay: t.dueDay }, t.id);
  const src = alias(cemeteries, "src");
  const dst = alias(cemeteries, "dst");
  const assignee = alias(users, "assignee");
  const [[counted], rows] = await Promise.all([
    db.select({ n: count() }).from(t).where(where),
    db
      .select({ r: t, a: akimats, src, dst, srcPlot: plots, assignee })
      .from(t)
      .innerJoin(akimats, eq(akimats.id, t.akimatId))
      .leftJoin(src, eq(src.id, t.sourceCemeteryId))
      .leftJoin(dst, eq(dst.id, t.destinationCemeteryId))
      .leftJoin(burials, eq(burials.id, t.sourceBurialId))
      .leftJoin(plots, eq(plots.id, burials.plotId))
      .leftJoin(assignee, eq(assignee.id, t.assigneeId))
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
  ]);
  const name = (c: { nameRu: string; nameKk: string } | null) => (c ? (locale === "kk" ? c.nameKk : c.nameRu) : "");
  return toPage(
    rows.map(({ r, a, src: sc, dst: dc, srcPlot, assignee: as }) => ({
      id: r.id,
      number: numberOf(r),
      status: r.status,
      deceased: fullName(r),
      akimatName: name(a),
      from: sc
        ? [name(sc), srcPlot ? `${srcPlot.sector}-${srcPlot.row}-${srcPlot.number}` : ""].filter(Boolean).join(", ")
        : [r.sourceCountry, r.sourceCity].filter(Boolean).join(", "),
      to: dc ? name(dc) : (r.destinationText ?? ""),
      applicantName: r.applicantName,
      applicantPhone: r.applicantPhone,
      iin: r.iin,
      assigneeName: as ? fullName(as) : null,
      registeredAt: r.registeredAt.toISOString(),
      countdown: reburialCountdown(r, today),
    })),
    Number(counted?.n ?? 0),
    q,
  );
}

/**
 * The filtered list as an XLSX workbook in the reader's language (the akimat's inbox): the same
 * scope and filters as the list, up to `EXPORT_MAX_ROWS` rows, IINs and phones as text.
 */
export async function exportReburials(
  s: Services,
  caller: TSessionUser,
  q: TReburialListQuery,
  locale: Locale,
): Promise<{ xlsx: Uint8Array; fileName: string }> {
  const page = await listReburials(s, caller, { ...q, page: 1, pageSize: EXPORT_MAX_ROWS }, locale);
  const t = (key: string) => translate(locale, `appeal_export.reburial.${key}`);
  const columns = [
    { header: t("number"), width: 16 },
    { header: t("registered"), width: 18 },
    { header: t("status"), width: 20 },
    { header: t("deceased"), width: 28 },
    { header: t("iin"), width: 14 },
    { header: t("from"), width: 28 },
    { header: t("to"), width: 28 },
    { header: t("applicant"), width: 28 },
    { header: t("phone"), width: 16 },
    { header: t("assignee"), width: 24 },
    { header: t("due"), width: 12 },
    { header: t("overdue"), width: 10 },
  ];
  const rows = page.items.map((r) => [
    r.number,
    formatDate(locale, r.registeredAt, true),
    translate(locale, `reburial.status.${r.status}`),
    r.deceased,
    r.iin,
    r.from,
    r.to,
    r.applicantName,
    r.applicantPhone,
    r.assigneeName,
    formatDate(locale, r.countdown.dueDay),
    r.countdown.isOverdue ? translate(locale, "common.yes") : "",
  ]);
  const xlsx = await xlsxTable(t("sheet"), columns, rows);
  return { xlsx, fileName: `${t("file_name")} ${almatyDay(s.now())}.xlsx` };
}
