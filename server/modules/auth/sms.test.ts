import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../../lib/logger.ts";
import { HttpSmsSender, LogSmsSender } from "./sms.ts";

/** A local fake SMS gateway on 127.0.0.1 that records what it is sent. */
let server: Server;
let url: string;
const received: { auth: string | undefined; body: unknown }[] = [];
let failNext = false;

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk) => {
      raw += chunk;
    });
    req.on("end", () => {
      received.push({ auth: req.headers.authorization, body: JSON.parse(raw) });
      res.statusCode = failNext ? 502 : 200;
      failNext = false;
      res.end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/send`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("SMS senders", () => {
  it("the HTTP gateway sender posts the phone and text with the Bearer token", async () => {
    const sender = new HttpSmsSender(url, "secret-token", createLogger("silent"));
    await sender.send("+77010000001", "Код для входа: 123456.");
    expect(received.at(-1)).toEqual({
      auth: "Bearer secret-token",
      body: { phone: "+77010000001", text: "Код для входа: 123456." },
    });
  });

  it("a gateway refusal is an error, so the caller can tell the user", async () => {
    failNext = true;
    const sender = new HttpSmsSender(url, "t", createLogger("silent"));
    await expect(sender.send("+77010000001", "x")).rejects.toThrow(/502/);
  });

  it("the local outbox writes the message to the log", async () => {
    const lines: string[] = [];
    const logger = createLogger("info");
    logger.info = ((obj: unknown, msg: string) => {
      lines.push(`${JSON.stringify(obj)} ${msg}`);
    }) as never;
    await new LogSmsSender(logger).send("+77010000005", "Код для входа: 654321.");
    expect(lines.join("\n")).toContain("654321");
  });
});
