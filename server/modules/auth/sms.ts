import { maskPhone } from "../../../common/phone.ts";
import type { Logger } from "../../lib/logger.ts";

/** Sends a text message to a phone. */
export interface SmsSender {
  send(phone: string, text: string): Promise<void>;
}

/**
 * The local outbox: writes the message, code included, to the server log, so the product
 * runs on one machine with no SMS provider. Never used when a gateway is configured.
 */
export class LogSmsSender implements SmsSender {
  constructor(private readonly logger: Logger) {}
  async send(phone: string, text: string): Promise<void> {
    this.logger.info({ outbox: "sms", to: phone }, `SMS to ${phone}: ${text}`);
  }
}

/**
 * An HTTP SMS gateway: POST `{phone, text}` as JSON with a Bearer token. Most Kazakh SMS
 * providers take this shape behind a small adapter; a non-2xx answer is an error.
 */
export class HttpSmsSender implements SmsSender {
  constructor(
    private readonly url: string,
    private readonly token: string,
    private readonly logger: Logger,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}
  async send(phone: string, text: string): Promise<void> {
    const res = await this.fetchImpl(this.url, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${this.token}` },
      body: JSON.stringify({ phone, text }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) {
      this.logger.error({ status: res.status, to: maskPhone(phone) }, "SMS gateway refused a message");
      throw new Error(`SMS gateway answered ${res.status}`);
    }
  }
}
