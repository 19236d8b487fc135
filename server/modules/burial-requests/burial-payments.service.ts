import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { onlineReceipt, requestNumber } from "../../../common/booking.ts";
import type { Locale } from "../../../common/locale.ts";
import { AppError } from "../../lib/errors.ts";
import type { Queryable } from "../../db/client.ts";
import type { Services } from "../../services.ts";
import { writeAudit } from "../audit/audit.service.ts";
import { holdsKeepable, burialRequestMachine } from "./burial-requests.machine.ts";
import { burialRequests, payments } from "./burial-requests.tables.ts";
import { type TSessionUser, SYSTEM } from "../../lib/caller.ts";

/**
 * Starts (or resumes) the online payment of the client's own request, ready to pay (certificate,
 * slot, hold still running): one pending payment per request, reused when the family comes back.
 */
export async function startOnlinePayment(
  s: Services,
  user: TSessionUser,
  id: number,
  locale: Locale,
): Promise<{ redirectUrl: string }> {
  const provider = s.payments;
  if (!provider) throw new AppError(409, "online_payment_unavailable");
  const now = s.now();
  const payment = await s.db.transaction(async (tx) => {
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
    const [open] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.requestId, id), eq(payments.status, "pending")));
    if (open) return { id: open.id, amount: open.amount, number: requestNumber(row.id, row.createdAt) };
    const paymentId = randomUUID();
    await tx
      .insert(payments)
      .values({ id: paymentId, requestId: id, provider: provider.id, amount: row.fee, createdAt: now });
    await writeAudit(tx, {
      actor: user,
      entityType: "burial_request",
      entityId: id,
      action: "payment_started",
      data: { paymentId },
    });
    return { id: paymentId, amount: row.fee, number: requestNumber(row.id, row.createdAt) };
  });
  return provider.start({ paymentId: payment.id, amount: payment.amount, description: payment.number, locale });
}

/**
 * A provider's callback. Its signature must hold (else 400, nothing changes). It may come more
 * than once: only the first that finds the payment pending acts, so a repeated callback pays once.
 * Money that arrives after the hold ended (expired, cancelled) is marked `refund_due` for the office.
 */
export async function paymentCallback(s: Services, providerId: string, body: unknown): Promise<{ status: string }> {
  const provider = s.payments;
  const verified = provider && provider.id === providerId ? provider.verify(body) : null;
  if (!verified) throw new AppError(400, "bad_signature");
  return s.db.transaction(async (tx) => {
    const [payment] = await tx.select().from(payments).where(eq(payments.id, verified.paymentId)).for("update");
    if (!payment) throw new AppError(404, "payment_not_found");
    await tx
      .update(payments)
      .set({ callbacks: sql`${payments.callbacks} + 1` })
      .where(eq(payments.id, payment.id));
    if (payment.status !== "pending") return { status: payment.status };
    let status: "paid" | "failed" | "refund_due" = "failed";
    if (verified.outcome === "paid") {
      status = (await payOnline(tx, s, payment.requestId, payment.id)) ? "paid" : "refund_due";
    }
    await tx
      .update(payments)
      .set({ status, paidAt: status === "failed" ? null : s.now() })
      .where(eq(payments.id, payment.id));
    // A payment that pays the request is in its history once, as the move (`pay_online`); a refused
    // one, or money come after the hold ended (for the office to refund), is recorded here.
    if (status !== "paid") {
      await writeAudit(tx, {
        actor: SYSTEM,
        entityType: "burial_request",
        entityId: payment.requestId,
        action: `payment_${status}`,
        data: { paymentId: payment.id },
      });
    }
    return { status };
  });
}

/** What the fake provider's page shows: the amount and the request's number. */
export async function fakeCheckout(s: Services, paymentId: string) {
  if (!/^[0-9a-f-]{36}$/i.test(paymentId)) throw new AppError(404, "payment_not_found");
  const [p] = await s.db
    .select({
      id: payments.id,
      amount: payments.amount,
      status: payments.status,
      requestId: payments.requestId,
      createdAt: burialRequests.createdAt,
    })
    .from(payments)
    .innerJoin(burialRequests, eq(burialRequests.id, payments.requestId))
    .where(eq(payments.id, paymentId));
  if (!p) throw new AppError(404, "payment_not_found");
  return {
    ...p,
    number: requestNumber(p.requestId, p.createdAt),
    receipt: p.status === "paid" ? onlineReceipt(p.requestId, p.createdAt) : null,
  };
}

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
