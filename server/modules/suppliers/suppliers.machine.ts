import { eq } from "drizzle-orm";
import type { SupplierMove } from "../../../common/api-types.ts";
import { ZBlockSupplier } from "../../../common/schemas.ts";
import type { Queryable } from "../../db/client.ts";
import type { NotificationKind } from "../notifications/notifications.service.ts";
import { users } from "../users/users.tables.ts";
import { supplierReviewScope } from "../access/access.service.ts";
import { defineMachine, type MoveOf, type SameNames, type TMoveContext, type TNotice } from "../workflow/workflow.ts";
import { suppliers } from "../users/organisations.tables.ts";

export type TSupplierRow = typeof suppliers.$inferSelect;

/** The company's people are told of each move, in the app (no SMS). */
const toCompany =
  (kind: NotificationKind) =>
  async ({ row, reason }: TMoveContext<typeof suppliers>, tx: Queryable): Promise<TNotice[]> => {
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
