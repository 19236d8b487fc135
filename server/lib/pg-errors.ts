/**
 * The SQLSTATE of a database error, from node-postgres or PGlite, however Drizzle wrapped it
 * (`23505` unique violation, `23P01` exclusion violation, `40001` serialization failure …).
 */
export function pgErrorCode(err: unknown): string | undefined {
  for (let e: unknown = err, depth = 0; e && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}
