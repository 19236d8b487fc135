import { and, eq } from "drizzle-orm";
import { onlineReceipt, requestNumber } from "../../../common/booking.ts";
import type { Locale } from "../../../common/locale.ts";
import { AppError } from "../../lib/errors.ts";
import type { Queryable } from "../../db/client.ts";
import type { Services } from "../../services.ts";
import { beginPayment, registerPayable } from "../payments/payments.service.ts";
import { holdsKeepable, burialRequestMachine } from "./burial-requests.machine.ts";
import { burialRequests } from "./burial-requests.tables.ts";
import { type TSessionUser, SYSTEM } from "../../lib/caller.ts";

/**
 * Starts (or resumes) the online payment of the client's own request, ready to pay (certificate,
 * slot, hold still running): one pending payment per request, reused when the family comes back.
 */
export function startOnlinePayment(
  s: Services,
  user: TSessionUser,
  id: number,
  locale: Locale,
): Promise<{ redirectUrl: string }> {
  const now = s.now();
  return beginPayment(s, {
    subject: "burial_request",
    subjectId: id,
    actor: user,
    locale,
    prepare: async (tx) => {
      const [row] = await tx
        .select()
        .from(burialRequests)
        .where(and(eq(burialRequests.id, id), eq(burialRequests.clientId, user.id)))
        .for("update");
      if (!row) throw new AppError(404, "burial_request_not_found");
      // Nothing to pay online when the fee is waived (the booking settles itself: `settle_free`).
      if (row.status !== "pending" || row.expiresAt <= now || !row.burialTime || row.fee === 0) {
        throw new AppError(409, "booking_not_payable");
      }
      return { amount: row.fee, number: requestNumber(row.id, row.createdAt) };
    },
  });
}

/** A booking is paid online; the provider's page names it and comes back to it. */
registerPayable("burial_request", {
  settle: (tx, s, requestId, paymentId) => payOnline(tx, s, requestId, paymentId),
  async describe(db, requestId, payment) {
    const [r] = await db
      .select({ id: burialRequests.id, createdAt: burialRequests.createdAt })
      .from(burialRequests)
      .where(eq(burialRequests.id, requestId));
    if (!r) throw new AppError(404, "payment_not_found");
    return {
      number: requestNumber(r.id, r.createdAt),
      receipt: payment.status === "paid" ? onlineReceipt(r.id, r.createdAt) : null,
      backPath: `/client/tickets/active/${r.id}`,
      returnPath: (paid) => `/client/reservation/reservation-complete?id=${r.id}&paid=${paid ? 1 : 0}`,
    };
  },
});

/** Pays a request on the payment provider's word (the system's move), in the caller's transaction. */
export async function payOnline(tx: Queryable, s: Services, requestId: number, paymentId: string): Promise<boolean> {
  const [row] = await tx.select().from(burialRequests).where(eq(burialRequests.id, requestId)).for("update");
  if (row?.status !== "pending" || row.expiresAt <= s.now()) return false;
  // Another family booked a place after the hold lapsed, before this payment was confirmed: the
  // money is returned (`refund_due`), the request stays unpaid and expires.
  if (!(await holdsKeepable(tx, row.id))) return false;
  // The receipt people read (`P-2026-000123`); the payment's own id stays in the history's data.
  const ref = onlineReceipt(row.id, row.createdAt);
  await burialRequestMachine.move(tx, s, row, "pay_online", SYSTEM, { ref, paymentId });
  return true;
}
