import { eq } from "drizzle-orm";
import type { SupplierMove, SupplierStatus } from "../../../common/api-types.ts";
import type { Queryable } from "../../db/client.ts";
import type { NotificationKind } from "../notifications/notifications.service.ts";
import { users } from "../users/users.tables.ts";
import { defineMachine, type TMoveContext, type TNotice } from "../workflow/workflow.ts";
import { suppliers } from "./suppliers.tables.ts";

export type TSupplierRow = typeof suppliers.$inferSelect;

/** The company's people are told of each move, in the app (no SMS). */
const toCompany =
  (kind: NotificationKind) =>
  async ({ row, reason }: TMoveContext<TSupplierRow>, tx: Queryable): Promise<TNotice[]> => {
    const staff = await tx.select({ id: users.id }).from(users).where(eq(users.supplierId, row.id));
    return staff.map((u) => ({
      userId: u.id,
      kind,
      params: { company: row.companyName, reason: reason ?? "" },
      link: "/supplier/notifications",
    }));
  };

/**
 * A supplier company's machine: it registers `pending`; an admin activates it, blocks it (pending
 * or active) with a reason the company reads, and unblocks it (back to active, the reason cleared).
 */
export const supplierMachine = defineMachine<SupplierStatus, TSupplierRow, SupplierMove>({
  entity: "supplier",
  table: suppliers,
  statuses: ["pending", "active", "blocked"],
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
      needsReason: true,
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
