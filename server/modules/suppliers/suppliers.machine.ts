import type { SupplierMove } from "../../../common/api-types.ts";
import { linkTo } from "../../../common/route-table.ts";
import { ZBlockSupplier } from "../../../common/schemas.ts";
import type { Queryable } from "../../db/client.ts";
import { supplierReviewScope } from "../access/access.service.ts";
import { holders } from "../access/audiences.ts";
import { supplierNotices } from "./suppliers.notices.ts";
import { defineMachine, type MoveOf, type SameNames, type TMoveContext, type TNotice } from "../workflow/workflow.ts";
import { suppliers } from "../users/organisations.tables.ts";

export type TSupplierRow = typeof suppliers.$inferSelect;

/** The company's people are told of each move, in the app (no SMS). */
const toCompany =
  (kind: "supplier_activated" | "supplier_blocked" | "supplier_unblocked") =>
  async ({ row, reason }: TMoveContext<typeof suppliers>, tx: Queryable): Promise<TNotice[]> => {
    const people = await holders(tx, "supplier.profile", { supplierId: row.id });
    const link = linkTo("supplier-profile", {});
    return people.map((id) => supplierNotices[kind](id, { company: row.companyName, reason: reason ?? "" }, { link }));
  };

/**
 * A supplier company's machine: it registers `pending`; an admin activates it, blocks it (pending
 * or active) with a reason the company reads, and unblocks it (back to active, the reason cleared).
 * Those who review suppliers reach every company; nobody else reaches one through the machine
 * (a supplier reads its own company through `/suppliers/me`).
 */
export const supplierMachine = defineMachine({
  entity: "supplier",
  table: suppliers,
  statuses: ["pending", "active", "blocked"],
  initial: "pending",
  scope: (caller) => supplierReviewScope(caller),
  notFound: "supplier_not_found",
  moves: {
    activate: {
      from: ["pending"],
      to: "active",
      by: "suppliers.review",
      set: () => ({ blockReason: null }),
      tell: toCompany("supplier_activated"),
    },
    block: {
      from: ["pending", "active"],
      to: "blocked",
      by: "suppliers.review",
      input: ZBlockSupplier,
      set: ({ reason }) => ({ blockReason: reason }),
      tell: toCompany("supplier_blocked"),
    },
    unblock: {
      from: ["blocked"],
      to: "active",
      by: "suppliers.review",
      set: () => ({ blockReason: null }),
      tell: toCompany("supplier_unblocked"),
    },
  },
});

/** The machine's moves are the ones the API's schemas and the screens name. */
const _sameMoves: SameNames<MoveOf<typeof supplierMachine>, SupplierMove> = true;
