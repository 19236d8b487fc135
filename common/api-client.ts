/**
 * The one client every screen uses to reach the API (specification, section 7).
 *
 * - A fixed base address; every path is relative to it.
 * - When a session token is known, every request carries `Authorization: Bearer <token>`.
 *   In the browser the token cookie is HttpOnly, so the browser sends it itself and the header
 *   is added only where the token is readable (the server rendering a page on the user's behalf).
 * - GET is retried once on 408, 409, 425, 429, 500, 502, 503, 504; writes are never retried.
 * - No default timeout; a caller may pass an AbortSignal.
 * - On any 401 the session ends locally: both cookies (`token`, `role`) are removed and the
 *   error is still handed to the caller.
 */

export const RETRY_STATUSES = [408, 409, 425, 429, 500, 502, 503, 504] as const;

export type ApiErrorBody = {
  error: { code: string; message: string; fields?: { path: string; message: string }[] };
};

const API_ERROR = Symbol.for("mazar.api-error");

export class ApiError extends Error {
  /**
   * `instanceof` by brand, not by class identity: the server runs this module from source while
   * the built route modules carry their own bundled copy, and an error thrown by one must still be
   * recognised by the other (otherwise a 422 would reach the error page instead of the form).
   */
  static [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === "object" && value !== null && (value as Record<symbol, unknown>)[API_ERROR] === true;
  }

  readonly [API_ERROR] = true;

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: { path: string; message: string }[] = [],
  ) {
    super(message);
    this.name = "ApiError";
  }

  /** The message of one field, for forms. */
  fieldMessage(path: string): string | undefined {
    return this.fields.find((f) => f.path === path)?.message;
  }
}

export type SessionCookies = {
  /** The session token, when readable here. */
  getToken: () => string | undefined;
  /** Removes both `token` and `role` cookies. */
  clear: () => void;
};

export type ApiClientOptions = {
  baseUrl: string;
  fetch?: typeof fetch;
  session: SessionCookies;
  /** Sent as Accept-Language so error messages come in the page's language. */
  locale?: string;
  /** Extra headers on every request (the server forwards the visitor's cookies and address). */
  headers?: Record<string, string>;
};

export type RequestOptions = {
  query?: Record<string, string | number | boolean | undefined | null>;
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
};

export type ApiClient = ReturnType<typeof createApiClient>;

export function createApiClient(opts: ApiClientOptions) {
  const doFetch = opts.fetch ?? globalThis.fetch.bind(globalThis);
  const base = opts.baseUrl.replace(/\/$/, "");

  function buildUrl(path: string, query?: RequestOptions["query"]): string {
    const url = `${base}${path.startsWith("/") ? path : `/${path}`}`;
    if (!query) return url;
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) {
      if (v !== undefined && v !== null && v !== "") params.set(k, String(v));
    }
    const qs = params.toString();
    return qs ? `${url}?${qs}` : url;
  }

  async function send(method: string, path: string, ro: RequestOptions = {}): Promise<Response> {
    const headers: Record<string, string> = {
      Accept: "application/json",
      ...opts.headers,
      ...ro.headers,
    };
    if (opts.locale) headers["Accept-Language"] = opts.locale;
    const token = opts.session.getToken();
    if (token) headers.Authorization = `Bearer ${token}`;
    let body: BodyInit | undefined;
    if (ro.body instanceof FormData) body = ro.body;
    else if (ro.body !== undefined) {
      body = JSON.stringify(ro.body);
      headers["Content-Type"] = "application/json";
    }
    const init: RequestInit = { method, headers, body, signal: ro.signal, credentials: "same-origin" };
    const url = buildUrl(path, ro.query);
    let res = await doFetch(url, init);
    if (method === "GET" && (RETRY_STATUSES as readonly number[]).includes(res.status)) {
      res = await doFetch(url, init);
    }
    return res;
  }

  async function request<T>(method: string, path: string, ro?: RequestOptions): Promise<T> {
    const res = await send(method, path, ro);
    if (res.status === 401) opts.session.clear();
    const isJson = (res.headers.get("content-type") ?? "").includes("application/json");
    const payload: unknown = isJson ? await res.json() : await res.text();
    if (!res.ok) {
      const err = (payload as Partial<ApiErrorBody> | undefined)?.error;
      throw new ApiError(
        res.status,
        err?.code ?? "http_error",
        err?.message ?? (typeof payload === "string" && payload ? payload : res.statusText),
        err?.fields,
      );
    }
    return payload as T;
  }

  return {
    request,
    /** The raw response, for downloads; 401 still ends the session. */
    async raw(method: string, path: string, ro?: RequestOptions): Promise<Response> {
      const res = await send(method, path, ro);
      if (res.status === 401) opts.session.clear();
      return res;
    },
    get: <T>(path: string, ro?: RequestOptions) => request<T>("GET", path, ro),
    post: <T>(path: string, body?: unknown, ro?: RequestOptions) => request<T>("POST", path, { ...ro, body }),
    put: <T>(path: string, body?: unknown, ro?: RequestOptions) => request<T>("PUT", path, { ...ro, body }),
    patch: <T>(path: string, body?: unknown, ro?: RequestOptions) => request<T>("PATCH", path, { ...ro, body }),
    delete: <T>(path: string, ro?: RequestOptions) => request<T>("DELETE", path, ro),
  };
}

/** Session cookies as the browser sees them: `token` is HttpOnly (the server clears it on 401), `role` is not. */
export function browserSessionCookies(): SessionCookies {
  return {
    getToken: () => undefined,
    clear: () => {
      // biome-ignore lint/suspicious/noDocumentCookie: the role hint is a plain cookie by design
      document.cookie = "role=; Max-Age=0; path=/; SameSite=Lax";
      // biome-ignore lint/suspicious/noDocumentCookie: harmless when HttpOnly; the server clears it
      document.cookie = "token=; Max-Age=0; path=/; SameSite=Lax";
    },
  };
}
