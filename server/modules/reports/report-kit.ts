/**
 * What every report section is written with, whichever module registers it and whichever kind
 * of report (a city's, a supplier's) it belongs to: running its SQL in
 * the scope's database, drill keys (made and read), cells, and a figure's enum part. The built-in
 * sections (`reports.sections.ts`) and the appeals' and reburials' (registered from their own
 * modules) share it, so a drill key means the same everywhere.
 */
import type { SQL } from "drizzle-orm";
import type { TReportCell, TReportTable } from "../../../common/reports.ts";
import type { TBaseReportScope } from "./reports.registry.ts";

/** A page of the rows behind a figure. */
export type TPageWindow = { limit: number; offset: number };
type TRow = Record<string, unknown>;

/** The rows of a query in the scope's database. */
export const rowsOf = async <T extends TRow>(s: Pick<TBaseReportScope, "db">, query: SQL) =>
  (await s.db.execute(query)).rows as T[];
/** The `n` of a one-row count query. */
export const countOf = async (s: Pick<TBaseReportScope, "db">, query: SQL) =>
  Number(((await s.db.execute(query)).rows[0] as { n: number | string } | undefined)?.n ?? 0);

/**
 * Reads a drill key (`c:5,m:2026-01`; `all` for none) into its parts, each checked by its pattern;
 * null when the key has a part the section does not give or a part twice.
 */
export function parseDrill<K extends string>(key: string, parts: Record<K, RegExp>): Partial<Record<K, string>> | null {
  if (key === "all") return {};
  const out: Partial<Record<K, string>> = {};
  for (const part of key.split(",")) {
    const at = part.indexOf(":");
    const name = part.slice(0, at) as K;
    const value = part.slice(at + 1);
    if (at < 1 || !Object.hasOwn(parts, name) || name in out || !parts[name].test(value)) return null;
    out[name] = value;
  }
  return out;
}

/** A drill key from its parts (`all` when there are none). */
export const drillKey = (parts: Record<string, string | number | undefined>) =>
  Object.entries(parts)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}:${v}`)
    .join(",") || "all";

/** A figure, with the key of the rows behind it. */
export const num = (value: number | null, drill?: string): TReportCell => (drill ? { value, drill } : { value });
/** A word (a row's label). */
export const text = (value: string): TReportCell => ({ value });
/** A drill part that is one of `values`. */
export const oneOf = (values: readonly string[]) => new RegExp(`^(${values.join("|")})$`);
export const ID = /^[1-9]\d{0,9}$/;
export const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/**
 * The rows of a count per value (a status, a kind) and their total: each count opens its rows, the
 * total opens all of them (`totalDrill`).
 */
export function countRows(
  s: Pick<TBaseReportScope, "t">,
  items: readonly { label: string; n: number; drill: string }[],
  totalDrill: string,
): TReportTable["rows"] {
  return [
    ...items.map((i) => ({ cells: [text(i.label), num(i.n, i.drill)] })),
    {
      isTotal: true,
      cells: [
        text(s.t("reports.total")),
        num(
          items.reduce((a, i) => a + i.n, 0),
          totalDrill,
        ),
      ],
    },
  ];
}
