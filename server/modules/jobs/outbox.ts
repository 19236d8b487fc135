/**
 * The SMS outbox (decision 012): a message queued in the transaction of the change it tells about
 * is sent by the job queue after the change commits, with retries when the gateway fails. Login
 * codes do not come here: the person is waiting for them, and a failure is shown to them at once.
 */
import { maskPhone } from "../../../common/phone.ts";
import type { Queryable } from "../../db/client.ts";
import { enqueue, type TQueuedJobDefinition } from "./queue.ts";

export const SMS_JOB_KIND = "sms.send";

/**
 * Queues an SMS in the caller's transaction: it is sent if and only if the transaction commits,
 * by the queue's `sms.send` handler (`s.sms.send`), retried with backoff. `key` (e.g.
 * `registry-answer:42`) keeps one message per key however often the change is retried.
 */
export async function queueSms(tx: Queryable, sms: { phone: string; text: string; key?: string }): Promise<void> {
  await enqueue(tx, { kind: SMS_JOB_KIND, payload: { phone: sms.phone, text: sms.text }, key: sms.key });
}

/**
 * Sends a queued SMS. A retry after the gateway accepted a message but the answer was lost sends it
 * twice — the one duplicate an SMS outbox cannot rule out (the gateway takes no idempotency key).
 * The text is never logged here (it may carry a code); the phone only masked.
 */
export const smsJob: TQueuedJobDefinition<{ phone: string; text: string }> = {
  kind: SMS_JOB_KIND,
  // 30 s, 1, 2, 4, 8, 16, 30 min: about an hour of gateway trouble before the message is given up.
  maxAttempts: 8,
  backoffMs: (attempt) => Math.min(30_000 * 2 ** (attempt - 1), 30 * 60_000),
  run: async (s, { phone, text }, job) => {
    await s.sms.send(phone, text);
    s.logger.debug({ jobId: job.id, to: maskPhone(phone) }, "queued SMS handed to the sender");
  },
};
