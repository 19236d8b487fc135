import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Locale } from "../../../common/locale.ts";
import type { Queryable } from "../../db/client.ts";
import { type Actor, SYSTEM } from "../../lib/caller.ts";
import { AppError } from "../../lib/errors.ts";
import type { Services } from "../../services.ts";
import { writeAudit } from "../audit/audit.service.ts";
import { type PaymentStatus, payments, refunds } from "./payments.tables.ts";

/**
 * A kind of record people pay for online (a booking, an order…). Its module registers it once, by
 * the name its payments carry as `subject` (also the audit's entity type of its history), so the
 * payments module — below every payable — settles any of them without knowing them.
 */
export type TPayable = {
  /**
   * Pays the record on the provider's word, in the callback's transaction (locked by the caller's
   * own select … for update): true when paid; false when it can no longer take the money (its
   * hold lapsed, it was cancelled), so the payment is marked `refund_due`.
   */
  settle(tx: Queryable, s: Services, subjectId: number, paymentId: string): Promise<boolean>;
  /** What the provider's page shows and where it sends the payer back. */
  describe(
    db: Queryable,
    subjectId: number,
    payment: { status: PaymentStatus },
  ): Promise<{
    /** The record's number as people read it. */
    number: string;
    /** The receipt people read once paid (`P-2026-000123`), or null. */
    receipt: string | null;
    /** The record's page, unlocalised (`/client/tickets/active/12`). */
    backPath: string;
    /** Where the payer lands after answering the provider's page, unlocalised. */
    returnPath(paid: boolean): string;
  }>;
};

const payables = new Map<string, TPayable>();

/** Registers a payable kind (once, at module load). */
export function registerPayable(subject: string, payable: TPayable): void {
  if (payables.has(subject)) throw new Error(`payable "${subject}" registered twice`);
  payables.set(subject, payable);
}

function payableOf(subject: string): TPayable {
  const p = payables.get(subject);
  if (!p) throw new Error(`no payable "${subject}" is registered`);
  return p;
}

/**
 * Starts (or resumes) paying a record online. `prepare` runs in the transaction: it locks the
 * record, checks it is the caller's and payable now (throwing the record's own errors), and gives
 * the amount and the number the provider's page shows. One pending payment per record, reused when
 * the payer comes back, so two taps make one payment. The provider's page is in `locale`.
 */
export async function beginPayment(
  s: Services,
  p: {
    subject: string;
    subjectId: number;
    actor: Actor;
    locale: Locale;
    prepare: (tx: Queryable) => Promise<{ amount: number; number: string }>;
  },
): Promise<{ redirectUrl: string }> {
  const provider = s.payments;
  if (!provider) throw new AppError(409, "online_payment_unavailable");
  payableOf(p.subject);
  const now = s.now();
  const started = await s.db.transaction(async (tx) => {
    const { amount, number } = await p.prepare(tx);
    if (amount <= 0) throw new Error(`a payment of ${amount} for ${p.subject} ${p.subjectId}`);
    const [open] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.subject, p.subject), eq(payments.subjectId, p.subjectId), eq(payments.status, "pending")));
    if (open && open.amount === amount) return { id: open.id, amount, number };
    // The amount changed since (a line cancelled before paying): the old attempt is void.
    if (open) await tx.update(payments).set({ status: "failed" }).where(eq(payments.id, open.id));
    const id = randomUUID();
    await tx
      .insert(payments)
      .values({ id, subject: p.subject, subjectId: p.subjectId, provider: provider.id, amount, createdAt: now });
    await writeAudit(tx, {
      actor: p.actor,
      entityType: p.subject,
      entityId: p.subjectId,
      action: "payment_started",
      data: { paymentId: id },
    });
    return { id, amount, number };
  });
  return provider.start({
    paymentId: started.id,
    amount: started.amount,
    description: started.number,
    locale: p.locale,
  });
}

/**
 * A provider's callback. Its signature must hold (else 400, nothing changes). It may come more
 * than once: only the first that finds the payment pending acts, so a repeated callback pays once.
 * Money the record can no longer take is marked `refund_due` for the office.
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
      const paid = await payableOf(payment.subject).settle(tx, s, payment.subjectId, payment.id);
      status = paid ? "paid" : "refund_due";
    }
    await tx
      .update(payments)
      .set({ status, paidAt: status === "failed" ? null : s.now() })
      .where(eq(payments.id, payment.id));
    // A payment that pays the record is in its history once, as the record's own move; a refused
    // one, or money come when the record could not take it (for the office to refund), is recorded here.
    if (status !== "paid") {
      await writeAudit(tx, {
        actor: SYSTEM,
        entityType: payment.subject,
        entityId: payment.subjectId,
        action: `payment_${status}`,
        data: { paymentId: payment.id },
      });
    }
    return { status };
  });
}

/** A payment as the provider's page shows it: the amount, the record's number, where to go back. */
export async function paymentPage(s: Services, paymentId: string) {
  if (!/^[0-9a-f-]{36}$/i.test(paymentId)) throw new AppError(404, "payment_not_found");
  const [p] = await s.db.select().from(payments).where(eq(payments.id, paymentId));
  if (!p) throw new AppError(404, "payment_not_found");
  const described = await payableOf(p.subject).describe(s.db, p.subjectId, p);
  return { id: p.id, amount: p.amount, status: p.status, ...described };
}

/** The paid online payment of a record, if any (to refund from when part of it is cancelled). */
export async function paidPaymentOf(tx: Queryable, subject: string, subjectId: number) {
  const [p] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.subject, subject), eq(payments.subjectId, subjectId), eq(payments.status, "paid")));
  return p ?? null;
}

/**
 * Records money to give back from a paid payment (part of it: a supplier's order cancelled after the
 * family paid), in the caller's transaction; never more than is left of the payment.
 */
export async function recordRefund(
  tx: Queryable,
  r: { paymentId: string; subject: string; subjectId: number; amount: number; reason: string; actor: Actor },
): Promise<number> {
  if (r.amount <= 0) return 0;
  const [p] = await tx.select().from(payments).where(eq(payments.id, r.paymentId)).for("update");
  if (!p) throw new AppError(404, "payment_not_found");
  const [given] = await tx
    .select({ sum: sql<number>`coalesce(sum(${refunds.amount}), 0)::int` })
    .from(refunds)
    .where(eq(refunds.paymentId, r.paymentId));
  const amount = Math.min(r.amount, p.amount - (given?.sum ?? 0));
  if (amount <= 0) return 0;
  await tx.insert(refunds).values({
    paymentId: r.paymentId,
    subject: r.subject,
    subjectId: r.subjectId,
    amount,
    reason: r.reason,
    createdBy: r.actor.id,
  });
  return amount;
}
