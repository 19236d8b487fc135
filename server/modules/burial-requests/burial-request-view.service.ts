/**
 * One burial request as the caller may see it (its places, documents, family grave, the moves the
 * caller may make now, its history), and the summaries the lists show.
 */
import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import { fullName } from "../../../common/person.ts";
import { requestNumber, type TBurialRequest, type TBurialRequestSummary } from "../../../common/booking.ts";
import { can } from "../../../common/permissions.ts";
import type { Locale } from "../../../common/locale.ts";
import type { Queryable } from "../../db/client.ts";
import type { Services } from "../../services.ts";
import { cemeteryAddressIn, cemeteryNameIn } from "../cemeteries/cemeteries.service.ts";
import { cemeteries, plots } from "../cemeteries/cemeteries.tables.ts";
import { listAttached } from "../uploads/uploads.service.ts";
import { users } from "../users/users.tables.ts";
import { burialRequestMachine, needsCertificate, type TBurialRequestRow } from "./burial-requests.machine.ts";
import { reburialRequests } from "../reburials/reburials.tables.ts";
import { reburialNumber } from "../../../common/reburials.ts";
import { plotHolds } from "./burial-requests.tables.ts";
import type { TSessionUser } from "../../lib/caller.ts";
import { scopedRow } from "./burial-requests.service.ts";
import { familyGraveOf } from "./family-graves.service.ts";
import { REQUEST_DOCS } from "./burial-requests.machine.ts";

const placeSelect = {
  requestId: plotHolds.requestId,
  plotId: plots.id,
  sector: plots.sector,
  row: plots.row,
  number: plots.number,
  minLat: plots.minLat,
  maxLat: plots.maxLat,
  minLng: plots.minLng,
  maxLng: plots.maxLng,
};

/** The places of requests: their holds, live or ended (a completed request keeps showing its grave). */
export async function placesOf(db: Queryable, ids: readonly number[]) {
  const out = new Map<number, TBurialRequestSummary["places"]>();
  if (!ids.length) return out;
  const rows = await db
    .select(placeSelect)
    .from(plotHolds)
    .innerJoin(plots, eq(plots.id, plotHolds.plotId))
    .where(inArray(plotHolds.requestId, [...ids]))
    .orderBy(asc(plots.number));
  for (const r of rows) {
    const list = out.get(r.requestId) ?? [];
    list.push({
      plotId: r.plotId,
      sector: r.sector,
      row: r.row,
      number: r.number,
      lat: (r.minLat + r.maxLat) / 2,
      lng: (r.minLng + r.maxLng) / 2,
    });
    out.set(r.requestId, list);
  }
  return out;
}

/** Requests as the lists show them: number, status, cemetery, deceased, places, fee, times. */
export async function summaries(
  db: Queryable,
  rows: readonly TBurialRequestRow[],
  locale: Locale,
): Promise<TBurialRequestSummary[]> {
  const places = await placesOf(
    db,
    rows.map((r) => r.id),
  );
  const cemIds = [...new Set(rows.map((r) => r.cemeteryId))];
  const cems = cemIds.length
    ? await db
        .select({ id: cemeteries.id, nameRu: cemeteries.nameRu, nameKk: cemeteries.nameKk })
        .from(cemeteries)
        .where(inArray(cemeteries.id, cemIds))
    : [];
  return rows.map((r) => {
    const c = cems.find((x) => x.id === r.cemeteryId);
    return {
      id: r.id,
      number: requestNumber(r.id, r.createdAt),
      status: r.status,
      kind: r.kind,
      remains: r.remains,
      cemeteryId: r.cemeteryId,
      cemeteryName: c ? cemeteryNameIn(c, locale) : "",
      deceased: fullName(r),
      places: places.get(r.id) ?? [],
      fee: r.fee,
      expiresAt: r.expiresAt.toISOString(),
      burialDate: r.burialDate,
      burialTime: r.burialTime,
      createdAt: r.createdAt.toISOString(),
    };
  });
}

/**
 * What the family must still do (in the order the screens ask it): the certificate (not a
 * reburial's), the slot, and the payment (none when the fee is waived: choosing the slot settles it).
 */
function todoOf(row: TBurialRequestRow, hasCertificate: boolean): TBurialRequest["todo"] {
  if (row.status !== "pending") return [];
  const out: TBurialRequest["todo"] = [];
  if (!hasCertificate && needsCertificate(row)) out.push("certificate");
  if (!row.burialDate || !row.burialTime) out.push("slot");
  if (row.fee > 0) out.push("payment");
  return out;
}

/** One request as the caller may see it, with the moves they may make now. */
export async function getBurialRequest(
  s: Services,
  user: TSessionUser,
  id: number,
  locale: Locale,
): Promise<TBurialRequest> {
  const row = await scopedRow(s.db, user, id);
  return present(s, s.db, user, row, locale);
}

async function present(
  s: Services,
  db: Queryable,
  user: TSessionUser,
  row: TBurialRequestRow,
  locale: Locale,
): Promise<TBurialRequest> {
  const [summary] = await summaries(db, [row], locale);
  // One query after another: `db` may be a transaction's single connection.
  const docs: TBurialRequest["documents"] = { certificate: [], kinship: [], grave: [] };
  for (const k of Object.keys(REQUEST_DOCS) as (keyof typeof REQUEST_DOCS)[]) {
    docs[k] = (await listAttached(db, REQUEST_DOCS[k], [row.id])).get(String(row.id)) ?? [];
  }
  const [cemetery] = await db.select().from(cemeteries).where(eq(cemeteries.id, row.cemeteryId));
  const familyGrave = row.familyBurialId ? await familyGraveOf(db, row.familyBurialId) : null;
  // The family's name and phone are for the staff who handle bookings (the family knows its own).
  let client: TBurialRequest["client"] = null;
  if (can(user.role, "booking.view")) {
    const [c] = await db.select().from(users).where(eq(users.id, row.clientId));
    if (c) client = { name: fullName(c), phone: c.phone };
  }
  const events = await burialRequestMachine.history(db, row.id);
  // After the burial the further booked places stay held for the family (decision 015): which, and since when.
  const kept =
    row.status === "completed"
      ? await db
          .select({ plotId: plotHolds.plotId })
          .from(plotHolds)
          .where(and(eq(plotHolds.requestId, row.id), isNull(plotHolds.releasedAt)))
      : [];
  const keptIds = new Set(kept.map((k) => k.plotId));
  const hasCertificate = docs.certificate.length > 0;
  // A reburial's booking names the akimat's approved request it carries out (its number).
  const [reburial] = row.reburialId
    ? await db
        .select({ id: reburialRequests.id, createdAt: reburialRequests.createdAt })
        .from(reburialRequests)
        .where(eq(reburialRequests.id, row.reburialId))
    : [];
  const now = s.now();
  const moves = await burialRequestMachine.movesFor(db, row, user, now);
  return {
    ...(summary as TBurialRequestSummary),
    surname: row.surname,
    name: row.name,
    patronymic: row.patronymic,
    iin: row.iin,
    birthDate: row.birthDate,
    deathDate: row.deathDate,
    paymentMethod: row.paymentMethod,
    paidAt: row.paidAt?.toISOString() ?? null,
    paymentRef: row.paymentRef,
    confirmedAt: row.confirmedAt?.toISOString() ?? null,
    completedAt: row.completedAt?.toISOString() ?? null,
    cancelReason: row.cancelReason,
    burialId: row.burialId,
    cemeteryAddress: cemetery ? cemeteryAddressIn(cemetery, locale) : "",
    keptForFamily: (summary as TBurialRequestSummary).places.filter((p) => keptIds.has(p.plotId)),
    documents: docs,
    familyGrave,
    reburial: reburial ? { id: reburial.id, number: reburialNumber(reburial.id, reburial.createdAt) } : null,
    client,
    todo: todoOf(row, hasCertificate),
    moves,
    onlinePayment:
      row.clientId === user.id &&
      row.status === "pending" &&
      row.expiresAt > now &&
      row.fee > 0 &&
      (hasCertificate || !needsCertificate(row)) &&
      !!row.burialTime &&
      s.payments !== null,
    history: events.map((e) => ({
      at: e.at.toISOString(),
      action: e.action,
      from: e.from,
      to: e.to,
      byRole: e.actorRole,
      reason: e.reason,
    })),
  };
}
