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

import type { ApiSchema } from "../server/api-operations.ts";

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
  /** Values of the path's `:name` segments, each encoded into the address. */
  params?: Record<string, string | number>;
};

// ---- Operations: the API's own route types (server/api-operations.ts) ----

type Verb = "get" | "post" | "put" | "patch" | "delete";
type Ops = ApiSchema;

/** The operations answering a verb, by path as the routes declare it (`/akimats/:id`). */
type OpsFor<V extends Verb> = {
  [P in keyof Ops as `$${V}` extends keyof Ops[P] ? P : never]: Ops[P][`$${V}` & keyof Ops[P]];
};
type OpsByVerb = { [V in Verb]: OpsFor<V> };

/** The paths of the operations answering a verb. */
export type ApiPath<V extends Verb> = keyof OpsByVerb[V] & string;

type OpOf<V extends Verb, P extends ApiPath<V>> = OpsByVerb[V][P];
type InputOf<E> = E extends { input: infer I } ? I : never;
type ParamsOf<E> =
  InputOf<E> extends { param: infer Pa } ? { params: { [K in keyof Pa]: string | number } } : { params?: undefined };
type QueryOf<E> =
  InputOf<E> extends { query: infer Q }
    ? { query?: { [K in keyof Q]?: string | number | boolean | null } }
    : { query?: undefined };
type BodyOf<E> =
  InputOf<E> extends { json: infer J }
    ? { body: J }
    : InputOf<E> extends { form: unknown }
      ? { body: FormData }
      : { body?: undefined };
type OptionsOf<E> = ParamsOf<E> & QueryOf<E> & BodyOf<E> & { signal?: AbortSignal; headers?: Record<string, string> };
/** The options argument: required when the operation takes path parameters or a body. */
type OptionArgs<E> =
  InputOf<E> extends { param: unknown } | { json: unknown } | { form: unknown }
    ? [options: OptionsOf<E>]
    : [options?: OptionsOf<E>];

/** What an operation answers on success (its 2xx JSON, as the route's response schema declares it). */
export type ApiResult<V extends Verb, P extends ApiPath<V>> =
  OpOf<V, P> extends infer E ? (E extends { status: 200 | 201 | 204; output: infer O } ? O : never) : never;

/** Puts each `:name` of a path template in its place, encoded; a missing value is a programming error. */
export function fillPath(path: string, params: Record<string, string | number> | undefined): string {
  return path.replace(/:([A-Za-z][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === "") throw new Error(`API path ${path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
}

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

  async function send(method: string, template: string, ro: RequestOptions = {}): Promise<Response> {
    const path = fillPath(template, ro.params);
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

  /** Typed by operation: the path picks the route, whose schemas give the options, body and answer. */
  return {
    /** The raw response, for downloads; 401 still ends the session. */
    async raw<V extends Verb, P extends ApiPath<V>>(method: V, path: P, ro?: RequestOptions): Promise<Response> {
      const res = await send(method.toUpperCase(), path, ro);
      if (res.status === 401) opts.session.clear();
      return res;
    },
    get: <P extends ApiPath<"get">>(path: P, ...[ro]: OptionArgs<OpOf<"get", P>>) =>
      request<ApiResult<"get", P>>("GET", path, ro),
    post: <P extends ApiPath<"post">>(path: P, ...[ro]: OptionArgs<OpOf<"post", P>>) =>
      request<ApiResult<"post", P>>("POST", path, ro),
    put: <P extends ApiPath<"put">>(path: P, ...[ro]: OptionArgs<OpOf<"put", P>>) =>
      request<ApiResult<"put", P>>("PUT", path, ro),
    patch: <P extends ApiPath<"patch">>(path: P, ...[ro]: OptionArgs<OpOf<"patch", P>>) =>
      request<ApiResult<"patch", P>>("PATCH", path, ro),
    delete: <P extends ApiPath<"delete">>(path: P, ...[ro]: OptionArgs<OpOf<"delete", P>>) =>
      request<ApiResult<"delete", P>>("DELETE", path, ro),
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
