import type { TItemChange, TSupplierItem } from "../../common/catalog-schemas.ts";
import { dmy } from "../../common/calendar/days.ts";
import { formatTenge } from "../../common/catalog.ts";
import { useT } from "../lib/hooks.ts";

/** What the admin said when sending an item (or its revision) back: the reasons, each explained, and the comment. */
export function ReturnNote({ reasons, comment }: { reasons: readonly string[]; comment: string | null }) {
  const { t } = useT();
  if (!reasons.length && !comment) return null;
  return (
    <div className="alert alert--warning" data-testid="return-note">
      <p>
        <strong>{t("catalog_supplier.reasons")}:</strong>
      </p>
      <ul>
        {reasons.map((r) => (
          <li key={r}>{t(`catalog.reason.${r}`)}</li>
        ))}
      </ul>
      {comment ? (
        <p>
          <strong>{t("catalog_supplier.comment")}:</strong> {comment}
        </p>
      ) : null}
    </div>
  );
}

/** One changed field's value as people read it (codes said, prices in tenge, HTML as text). */
function useChangeText() {
  const { t } = useT();
  return (field: TItemChange["field"], v: string) => {
    if (field === "category") return t(`catalog.category.${v}`);
    if (field === "kind") return t(`catalog.kind.${v}`);
    if (field === "unit") return t(`catalog.unit.${v}`);
    if (field === "price") return formatTenge(Number(v));
    if (field === "descriptionRu" || field === "descriptionKk")
      return v
        .replace(/<[^>]*>/g, " ")
        .replace(/\s+/g, " ")
        .trim();
    return v || "—";
  };
}

/** A revision's changes field by field, the version on sale beside the one asked for. */
export function RevisionDiff({ changes }: { changes: readonly TItemChange[] }) {
  const { t } = useT();
  const text = useChangeText();
  return (
    <table className="table diff-table" data-testid="revision-diff">
      <thead>
        <tr>
          <th scope="col">{t("catalog_supplier.changes")}</th>
          <th scope="col">{t("catalog_admin.before")}</th>
          <th scope="col">{t("catalog_admin.after")}</th>
        </tr>
      </thead>
      <tbody>
        {changes.map((c) => (
          <tr key={c.field} data-testid={`diff-${c.field}`}>
            <th scope="row">{t(`catalog.field.${c.field}`)}</th>
            <td>
              <del>{text(c.field, c.before)}</del>
            </td>
            <td>
              <ins>{text(c.field, c.after)}</ins>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The item's moderation: the target day while on moderation, the reasons when sent back, the block's reason. */
export function ModerationNotes({ item }: { item: TSupplierItem }) {
  const { t } = useT();
  const rev = item.revision;
  return (
    <>
      {item.status === "consideration" && item.targetDay ? (
        <p className="note" data-testid="target-day">
          {t("catalog_supplier.target", { date: dmy(item.targetDay) })}
        </p>
      ) : null}
      {item.status === "improvement" ? <ReturnNote reasons={item.returnReasons} comment={item.returnComment} /> : null}
      {item.status === "blocked" && item.blockReason ? (
        <p className="alert alert--error">{t("catalog_supplier.blocked", { reason: item.blockReason })}</p>
      ) : null}
      {rev?.status === "pending" ? (
        <p className="note" data-testid="revision-pending">
          {t("catalog_supplier.revision_pending", { date: dmy(rev.targetDay) })}
        </p>
      ) : null}
      {rev?.status === "returned" ? (
        <>
          <p className="alert alert--warning">{t("catalog_supplier.revision_returned")}</p>
          <ReturnNote reasons={rev.returnReasons} comment={rev.returnComment} />
        </>
      ) : null}
    </>
  );
}
