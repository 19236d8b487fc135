import { Link } from "react-router";
import { useListParams } from "../lib/list.ts";
import { useT } from "../lib/hooks.ts";

/**
 * Previous / next pages of a list (`{page, pageSize, total}` of the API's answer), keeping its
 * filters and order in the URL. A page past the end (a kept link, fewer items since) leads back
 * to the last one.
 */
export function Pager({ page, pageSize, total }: { page: number; pageSize: number; total: number }) {
  const { t } = useT();
  const list = useListParams();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1 && page <= 1) return null;
  return (
    <nav className="pager" aria-label={t("pager.label")}>
      {page > 1 ? <Link to={list.href({ page: Math.min(page - 1, pages) })}>{t("pager.prev")}</Link> : <span />}
      <span>{t("pager.page_of", { page, pages })}</span>
      {page < pages ? <Link to={list.href({ page: page + 1 })}>{t("pager.next")}</Link> : <span />}
    </nav>
  );
}
