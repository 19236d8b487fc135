import { linkTo } from "../../common/route-table.ts";

/**
 * The applicant's appeal screens exist twice, in the client's area and in the supplier's (the same
 * route modules under two ids each): which area a page is in, from its path, and the area's pages.
 */
export type TAppealArea = "client" | "supplier";

/** The area of a page's path (`/supplier/…`, `/kk/supplier/…`; anything else is the client's). */
export function appealArea(pathname: string): TAppealArea {
  return /^\/(?:kk\/)?supplier(?:\/|$)/.test(pathname) ? "supplier" : "client";
}

/** The appeal pages of an area, without the locale's prefix (`useT().to` adds it). */
export function appealPages(area: TAppealArea) {
  return area === "supplier"
    ? {
        // The supplier's explanation is a panel of its list.
        about: linkTo("supplier-goverment-requests", {}),
        list: linkTo("supplier-goverment-requests", {}),
        create: linkTo("supplier-goverment-create", {}),
        item: (id: number) => linkTo("supplier-goverment-request", { id }),
      }
    : {
        about: linkTo("client-appeal", {}),
        list: linkTo("client-goverment-requests", {}),
        create: linkTo("client-goverment-create", {}),
        item: (id: number) => linkTo("client-goverment-request", { id }),
      };
}

/** The appeal's receipt (талон, PDF in the appeal's language), read by the browser with its session cookie. */
export const appealReceiptUrl = (id: number) => `/api/v1/appeals/${id}/receipt.pdf`;

/** The list filters the applicant's screens offer (the API's `status`). */
export const APPEAL_LIST_FILTERS = ["all", "open", "closed"] as const;
export type TAppealListFilter = (typeof APPEAL_LIST_FILTERS)[number];

/** The filter a URL asks for (`all` for anything else). */
export function appealListFilter(value: string | null | undefined): TAppealListFilter {
  return APPEAL_LIST_FILTERS.find((f) => f === value) ?? "all";
}
