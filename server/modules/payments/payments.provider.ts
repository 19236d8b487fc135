import { createHmac, timingSafeEqual } from "node:crypto";
import type { Locale } from "../../../common/locale.ts";

/**
 * An online payment provider, behind one interface so a real acquirer (Kaspi, Halyk, a card
 * gateway) replaces the local fake without touching the booking: `start` gives the address the
 * family is sent to; the provider later calls back (server to server) with a signed outcome, which
 * `verify` checks. Callbacks may repeat; the caller makes paying idempotent.
 */
export interface PaymentProvider {
  readonly id: string;
  /** `locale`: the family's language, which the provider's page speaks when it can. */
  start(p: {
    paymentId: string;
    amount: number;
    description: string;
    locale: Locale;
  }): Promise<{ redirectUrl: string }>;
  /** The outcome a callback carries, or null when its signature does not hold. */
  verify(body: unknown): { paymentId: string; outcome: "paid" | "failed" } | null;
}

/**
 * The local fake provider for demos and tests (refused when APP_ENV=production): its "bank page" is
 * served by this app at `/api/v1/payments/fake/{id}`, where the visitor pays or declines; it then
 * posts a callback signed with HMAC-SHA256, like a real acquirer would.
 */
export class FakePaymentProvider implements PaymentProvider {
  readonly id = "fake";
  constructor(private readonly secret: string) {}

  /** The fake bank's page is on this very site, so its address is a path; it speaks the family's language. */
  async start(p: { paymentId: string; locale: Locale }): Promise<{ redirectUrl: string }> {
    return { redirectUrl: `/api/v1/payments/fake/${p.paymentId}?lang=${p.locale}` };
  }

  sign(paymentId: string, outcome: string): string {
    return createHmac("sha256", this.secret).update(`${paymentId}:${outcome}`).digest("hex");
  }

  verify(body: unknown): { paymentId: string; outcome: "paid" | "failed" } | null {
    const b = body as { paymentId?: unknown; outcome?: unknown; signature?: unknown } | null;
    if (!b || typeof b.paymentId !== "string" || typeof b.signature !== "string") return null;
    if (b.outcome !== "paid" && b.outcome !== "failed") return null;
    const expected = Buffer.from(this.sign(b.paymentId, b.outcome), "hex");
    const given = Buffer.from(/^[0-9a-f]{64}$/.test(b.signature) ? b.signature : "", "hex");
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    return { paymentId: b.paymentId, outcome: b.outcome };
  }
}

/** The provider the configuration names, or null (payment at the cemetery office only). */
export function createPaymentProvider(config: { payments: { provider: "fake"; secret: string } | null }) {
  return config.payments ? new FakePaymentProvider(config.payments.secret) : null;
}
