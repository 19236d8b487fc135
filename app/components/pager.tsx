import { Link, useLocation } from "react-router";
import { useT } from "../lib/hooks.ts";

/** Previous / next pages, keeping the other filters of the URL. */
export function Pager({ page, pageSize, total }: { page: number; pageSize: number; total: number }) {
  const { t } = useT();
  const { pathname, search } = useLocation();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  const linkTo = (p: number) => {
    const params = new URLSearchParams(search);
    params.set("page", String(p));
    return `${pathname}?${params}`;
  };
  return (
    <nav className="pager" aria-label={t("pager.label")}>
      {page > 1 ? <Link to={linkTo(page - 1)}>{t("pager.prev")}</Link> : <span />}
      <span>{t("pager.page_of", { page, pages })}</span>
      {page < pages ? <Link to={linkTo(page + 1)}>{t("pager.next")}</Link> : <span />}
    </nav>
  );
}
