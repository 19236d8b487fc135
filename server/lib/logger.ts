import pino from "pino";

/**
 * Structured JSON logs. Request logs carry method, path without query, status and timing only:
 * never bodies, cookies, tokens, codes or IINs. The redact list is a second guard.
 */
export function createLogger(level: string) {
  return pino({
    level,
    base: undefined,
    redact: {
      paths: ["code", "token", "iin", "*.code", "*.token", "*.iin", "headers.authorization", "headers.cookie"],
      censor: "[redacted]",
    },
  });
}

export type Logger = ReturnType<typeof createLogger>;

/**
 * A request's path as the logs write it. Security note: a calendar feed's address carries its
 * secret token (calendar apps send no cookies), so the token never reaches a log.
 */
export function loggedPath(path: string): string {
  return path.replace(/^(\/api\/v1\/calendar\/)[^/]+/, "$1…");
}
