import http from "node:http";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "./test/harness.ts";
import { UPLOAD_BODY_LIMIT } from "./modules/uploads/uploads.service.ts";
import { createWebApp } from "./web.ts";

/**
 * A refused body (413) on a real HTTP server with a keep-alive client, as browsers and proxies
 * reuse connections: the next request on that connection must work, or the 413 must have said
 * `Connection: close` so the client does not send it there.
 */
let h: Harness;
let server: ReturnType<typeof serve>;
let port: number;

beforeAll(async () => {
  // Without the dev code, as a real deployment: a second code within 60 s is then a 429.
  h = await createHarness({ authDevCode: undefined });
  const web = createWebApp({
    services: h.services,
    build: async () => {
      throw new Error("pages are not part of this test");
    },
    buildId: "test-build",
    mode: "production",
  });
  server = serve({ fetch: web.fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await h.close();
});

type Answer = { status: number; connection: string | undefined; body: string; socket: unknown };

/** One request through `agent`; `body` is written in pieces, `length` overrides Content-Length. */
function send(
  agent: http.Agent,
  method: string,
  path: string,
  opts: { body?: Buffer; length?: number; chunked?: boolean } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { "content-type": "application/json" };
    if (opts.body && !opts.chunked) headers["content-length"] = String(opts.length ?? opts.body.byteLength);
    const req = http.request({ host: "127.0.0.1", port, method, path, agent, headers }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (c) => {
        text += c;
      });
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body: text, socket: req.socket }),
      );
    });
    // A client that stops writing once answered, as browsers do.
    req.on("error", reject);
    if (opts.body) {
      for (let i = 0; i < opts.body.byteLength; i += 64 * 1024) req.write(opts.body.subarray(i, i + 64 * 1024));
    }
    if (opts.length === undefined) req.end();
  });
}

const bigJson = (bytes: number) => Buffer.from(JSON.stringify({ text: "я".repeat(bytes / 2) }));

describe("a 413 on a keep-alive connection", () => {
  it("answers a 1.2 MB JSON body with 413 and serves the next request on the same connection", async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const first = await send(agent, "GET", "/api/v1/health");
      const refused = await send(agent, "POST", "/api/v1/auth/otp/request", { body: bigJson(1_200_000) });
      expect(refused.status).toBe(413);
      expect(JSON.parse(refused.body).error.code).toBe("payload_too_large");
      const next = await send(agent, "GET", "/api/v1/health");
      expect(next.status).toBe(200);
      // Either the connection stayed usable, or the 413 said it would close.
      if (refused.connection === "close") expect(next.socket).not.toBe(refused.socket);
      else expect(next.socket).toBe(refused.socket);
      expect(refused.connection).not.toBe("close");
      expect(refused.socket).toBe(first.socket);
    } finally {
      agent.destroy();
    }
  });

  it("does the same for a body sent without a declared length (chunked)", async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const refused = await send(agent, "POST", "/api/v1/auth/otp/request", {
        body: bigJson(1_200_000),
        chunked: true,
      });
      expect(refused.status).toBe(413);
      const next = await send(agent, "GET", "/api/v1/health");
      expect(next.status).toBe(200);
      expect(next.socket).toBe(refused.socket);
    } finally {
      agent.destroy();
    }
  });

  it("says Connection: close when the declared body is too large even to read and discard", async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const refused = await send(agent, "POST", "/api/v1/auth/otp/request", {
        body: Buffer.alloc(256 * 1024, 32),
        length: 3 * UPLOAD_BODY_LIMIT,
      });
      expect(refused.status).toBe(413);
      expect(refused.connection).toBe("close");
      const next = await send(agent, "GET", "/api/v1/health");
      expect(next.status).toBe(200);
    } finally {
      agent.destroy();
    }
  });

  it("still accepts a body within the limit, declared or chunked", async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const body = Buffer.from(JSON.stringify({ phone: "+77071112233" }));
      expect((await send(agent, "POST", "/api/v1/auth/otp/request", { body })).status).toBe(200);
      const chunked = await send(agent, "POST", "/api/v1/auth/otp/request", { body, chunked: true });
      // The same phone again within 60 s: read, validated and refused by the rule, not by the limit.
      expect(chunked.status).toBe(429);
    } finally {
      agent.destroy();
    }
  });
});
