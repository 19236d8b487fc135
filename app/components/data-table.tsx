import type { HTMLAttributes, ReactNode } from "react";

/** A column of a staff table: its heading, and what each row shows in it. */
export type TColumn<T> = {
  label: string;
  /** The heading is for screen readers only (an actions column). */
  hideLabel?: boolean;
  className?: string;
  cell: (row: T) => ReactNode;
};

/**
 * A staff list as a table: columns on a wide screen; on a phone (below 40rem) each row becomes a
 * card whose cells carry their column's label (`data-label`, drawn by the stylesheet), so every
 * column — the status and the row's buttons included — is on screen without scrolling sideways.
 * Every staff list uses it (`.table--cards` in app.css); a browser test checks each one at 360 px.
 */
export function DataTable<T>({
  rows,
  columns,
  rowKey,
  rowProps,
  testId,
}: {
  rows: readonly T[];
  columns: readonly (TColumn<T> | false | null)[];
  rowKey: (row: T) => string | number;
  rowProps?: (row: T) => HTMLAttributes<HTMLTableRowElement> & Record<`data-${string}`, string>;
  testId?: string;
}) {
  const shown = columns.filter((c): c is TColumn<T> => Boolean(c));
  return (
    <div className="table-wrap table-wrap--cards">
      <table className="table table--cards" data-testid={testId}>
        <thead>
          <tr>
            {shown.map((c) => (
              <th key={c.label} scope="col" className={c.className}>
                {c.hideLabel ? <span className="visually-hidden">{c.label}</span> : c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} {...rowProps?.(row)}>
              {shown.map((c) => (
                <td key={c.label} className={c.className} data-label={c.hideLabel ? undefined : c.label}>
                  {c.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
