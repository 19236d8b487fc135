/**
 * The burial requests' services, one file per responsibility; the machine
 * (`burial-requests.machine.ts`) holds the statuses, moves, timers, notices and the scope.
 *
 * - `burial-booking.service.ts`: a family books places and holds them (`createBooking`);
 * - `burial-slots.service.ts`: the burial's slot and the death certificate (`listSlots`,
 *   `slotsForRequest`, `saveDetails`);
 * - `family-graves.service.ts`: a family's graves: booking into one, its last burial, the
 *   client's cemeteries (`clientCemeteries`);
 * - `burial-request-list.service.ts`: the lists, their filters, search and order
 *   (`ZBurialRequestList`, `listBurialRequests`);
 * - `burial-request-view.service.ts`: one request as the caller may see it, with its moves and
 *   history (`getBurialRequest`; `summaries`, `placesOf` for the lists and documents);
 * - `burial-payments.service.ts`: online payments (`startOnlinePayment`, `paymentCallback`, `payOnline`);
 * - `burial-documents.service.ts`: what the staff print and export.
 *
 * This file: what they share — the request within the caller's scope, its documents' read policy,
 * a field's 422.
 */
import { and, eq } from "drizzle-orm";
import type { Queryable } from "../../db/client.ts";
import { registerReadPolicy } from "../uploads/uploads.service.ts";
import { burialRequestMachine, REQUEST_DOCS } from "./burial-requests.machine.ts";
import { burialRequests } from "./burial-requests.tables.ts";
import type { TSessionUser } from "../../lib/caller.ts";

// A request's documents are read by the family (their own uploads) and by the staff who may see the
// request: the same scope as the request itself.
for (const entityType of Object.values(REQUEST_DOCS)) {
  registerReadPolicy(entityType, async (db, user, entityId) => {
    const id = Number(entityId);
    const scope = await scopeOf(db, user);
    const [row] = await db
      .select({ id: burialRequests.id })
      .from(burialRequests)
      .where(and(eq(burialRequests.id, id), scope));
    return row !== undefined;
  });
}

/** The request when the user may see it (the machine's scope; 404 otherwise: its existence is not revealed). */
export const scopedRow = (tx: Queryable, user: TSessionUser, id: number, forUpdate = false) =>
  burialRequestMachine.load(tx, user, id, { forUpdate });

/** The machine's scope as a list's condition. */
export const scopeOf = async (db: Queryable, user: TSessionUser) =>
  (await burialRequestMachine.scopeOf(user, db)) ?? undefined;
