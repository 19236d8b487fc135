import { describe, expect, it, vi } from "vitest";
import { ApiError, createApiClient, fillPath, RETRY_STATUSES } from "./api-client.ts";

function fakeFetch(statuses: number[], body: unknown = { ok: true }) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fn = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), init: init ?? {} });
    const status = statuses[Math.min(calls.length - 1, statuses.length - 1)] as number;
    return new Response(JSON.stringify(status >= 400 ? { error: { code: "x", message: "m" } } : body), {
      status,
      headers: { "content-type": "application/json" },
    });
  });
  return { fn: fn as unknown as typeof fetch, calls };
}

const headersOf = (call: { init: RequestInit } | undefined) => (call?.init.headers ?? {}) as Record<string, string>;

const session = (token?: string) => {
  const s = { cleared: 0, getToken: () => token, clear: () => void s.cleared++ };
  return s;
};

describe("shared API client", () => {
  it("prefixes the base URL, sends the Bearer token and builds the query", async () => {
    const f = fakeFetch([200]);
    const api = createApiClient({ baseUrl: "http://h/api/v1/", fetch: f.fn, session: session("tok") });
    await api.get("/suppliers", { query: { page: 2, q: "а б", status: "" } });
    expect(f.calls[0]?.url).toBe("http://h/api/v1/suppliers?page=2&q=%D0%B0+%D0%B1");
    expect(headersOf(f.calls[0]).Authorization).toBe("Bearer tok");
  });

  it("sends no Authorization header without a token", async () => {
    const f = fakeFetch([200]);
    await createApiClient({ baseUrl: "/api/v1", fetch: f.fn, session: session() }).get("/me");
    expect(headersOf(f.calls[0]).Authorization).toBeUndefined();
  });

  it.each(RETRY_STATUSES)("retries a GET once on %i", async (status) => {
    const f = fakeFetch([status, 200]);
    const api = createApiClient({ baseUrl: "/api", fetch: f.fn, session: session() });
    await expect(api.get("/me")).resolves.toEqual({ ok: true });
    expect(f.calls).toHaveLength(2);
  });

  it("retries only once, then hands the error over", async () => {
    const f = fakeFetch([503, 503, 503]);
    const api = createApiClient({ baseUrl: "/api", fetch: f.fn, session: session() });
    await expect(api.get("/me")).rejects.toBeInstanceOf(ApiError);
    expect(f.calls).toHaveLength(2);
  });

  it("does not retry other statuses", async () => {
    const f = fakeFetch([404, 200]);
    await expect(
      createApiClient({ baseUrl: "/api", fetch: f.fn, session: session() }).get("/me"),
    ).rejects.toMatchObject({
      status: 404,
    });
    expect(f.calls).toHaveLength(1);
  });

  it.each(["post", "put", "patch", "delete"] as const)("never retries a write (%s)", async (method) => {
    const f = fakeFetch([503, 200]);
    const api = createApiClient({ baseUrl: "/api", fetch: f.fn, session: session() });
    const writes = {
      post: () => api.post("/auth/otp/request", { body: { phone: "+77010000000" } }),
      put: () => api.put("/akimats/:id", { params: { id: 1 }, body: { nameRu: "a", nameKk: "a", city: "c" } }),
      patch: () => api.patch("/plots/:id", { params: { id: 1 }, body: { status: "free" } }),
      delete: () => api.delete("/akimat/news/:id", { params: { id: 1 } }),
    };
    const call = writes[method]();
    await expect(call).rejects.toMatchObject({ status: 503 });
    expect(f.calls).toHaveLength(1);
  });

  it("on a 401 clears both cookies and still hands the error to the caller", async () => {
    const f = fakeFetch([401]);
    const s = session("stale");
    const api = createApiClient({ baseUrl: "/api", fetch: f.fn, session: s });
    await expect(api.post("/auth/otp/request", { body: { phone: "+77010000000" } })).rejects.toMatchObject({
      status: 401,
      code: "x",
      message: "m",
    });
    expect(s.cleared).toBe(1);
  });

  it("sets no timeout of its own", async () => {
    const f = fakeFetch([200]);
    await createApiClient({ baseUrl: "/api", fetch: f.fn, session: session() }).get("/me");
    expect(f.calls[0]?.init.signal).toBeUndefined();
  });

  it("sends JSON bodies and the page's language", async () => {
    const f = fakeFetch([200]);
    await createApiClient({ baseUrl: "/api", fetch: f.fn, session: session(), locale: "kk" }).post(
      "/auth/otp/request",
      { body: { phone: "+77010000000" } },
    );
    const init = f.calls[0]?.init as RequestInit;
    expect(init.body).toBe('{"phone":"+77010000000"}');
    expect((init.headers as Record<string, string>)["Accept-Language"]).toBe("kk");
    expect((init.headers as Record<string, string>)["Content-Type"]).toBe("application/json");
  });

  it("recognises an API error made by another copy of this module (built pages vs. server source)", () => {
    const foreign = Object.assign(new Error("m"), { [Symbol.for("mazar.api-error")]: true, status: 422 });
    expect(foreign instanceof ApiError).toBe(true);
    expect(new Error("m") instanceof ApiError).toBe(false);
    expect(new ApiError(404, "not_found", "m") instanceof ApiError).toBe(true);
  });

  it("exposes field messages of a 422", async () => {
    const fetchImpl = (async () =>
      new Response(
        JSON.stringify({
          error: { code: "validation_failed", message: "m", fields: [{ path: "iin", message: "bad" }] },
        }),
        {
          status: 422,
          headers: { "content-type": "application/json" },
        },
      )) as unknown as typeof fetch;
    const err = await createApiClient({ baseUrl: "/api", fetch: fetchImpl, session: session() })
      .post("/auth/otp/request", { body: { phone: "+77010000000" } })
      .catch((e: ApiError) => e);
    expect((err as ApiError).fieldMessage("iin")).toBe("bad");
  });

  it("puts each path parameter in its place, encoded, and refuses a missing one", async () => {
    const f = fakeFetch([200]);
    const api = createApiClient({ baseUrl: "/api", fetch: f.fn, session: session() });
    await api.get("/cemeteries/:id/plots", { params: { id: "7/../../me?x=1" }, query: { bbox: "1,2,3,4" } });
    expect(f.calls[0]?.url).toBe("/api/cemeteries/7%2F..%2F..%2Fme%3Fx%3D1/plots?bbox=1%2C2%2C3%2C4");
    await api.put("/managers/:id/cemeteries/:cemeteryId", { params: { id: 3, cemeteryId: 12 } });
    expect(f.calls[1]?.url).toBe("/api/managers/3/cemeteries/12");
    expect(() => fillPath("/burials/:id", {})).toThrow(/:id/);
    expect(() => fillPath("/burials/:id", { id: "" })).toThrow(/:id/);
  });
});
