import { eq } from "drizzle-orm";
import type { ItemMove } from "../../../common/catalog.ts";
import { ZItemBlock, ZItemReturn } from "../../../common/catalog-forms.ts";
import { linkTo } from "../../../common/route-table.ts";
import type { Queryable } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import { catalogScope } from "../access/access.service.ts";
import { holders } from "../access/audiences.ts";
import { setUploadsPublic } from "../uploads/uploads.service.ts";
import { suppliers } from "../users/organisations.tables.ts";
import { defineMachine, type MoveOf, type SameNames, type TMoveContext, type TNotice } from "../workflow/workflow.ts";
import { catalogNotices } from "./catalog.notices.ts";
import { catalogItems } from "./catalog.tables.ts";
import { applyRevision, closeRevision, ITEM_FILES } from "./catalog.revisions.ts";

export type TItemRow = typeof catalogItems.$inferSelect;
type Ctx = TMoveContext<typeof catalogItems>;

/** Only an active company publishes: a company not yet activated (or blocked) prepares items but submits none. */
export async function companyActive(tx: Queryable, supplierId: number): Promise<boolean> {
  const [s] = await tx.select({ status: suppliers.status }).from(suppliers).where(eq(suppliers.id, supplierId));
  return s?.status === "active";
}
const needsActiveCompany = async (tx: Queryable, row: TItemRow) =>
  (await companyActive(tx, row.supplierId)) ? null : new AppError(409, "catalog_company_not_active");

/** The company's people, told of what the moderators did (in the app; no SMS). */
const toCompany =
  (notice: (id: number, name: string, ctx: Ctx) => TNotice) =>
  async (ctx: Ctx, tx: Queryable): Promise<TNotice[]> => {
    const people = await holders(tx, "catalog.manage", { supplierId: ctx.row.supplierId });
    return people.map((id) => notice(id, ctx.row.nameRu, ctx));
  };
const supplierLink = (row: TItemRow) => ({ link: linkTo("supplier-service-form", { id: row.id }) });
const comment = (ctx: Ctx) => (typeof ctx.input.comment === "string" && ctx.input.comment ? ctx.input.comment : null);

/** The moderators, told of an item (or a revision) joining the queue. */
export async function toModerators(
  tx: Queryable,
  row: TItemRow,
  kind: "catalog_submitted" | "catalog_revision_submitted",
): Promise<TNotice[]> {
  const [s] = await tx.select({ name: suppliers.companyName }).from(suppliers).where(eq(suppliers.id, row.supplierId));
  const admins = await holders(tx, "catalog.moderate", "platform");
  const link = linkTo("admin-products", {});
  return admins.map((id) => catalogNotices[kind](id, { name: row.nameRu, company: s?.name ?? "" }, { link }));
}

const hasRevision = (row: TItemRow) => row.pendingRevisionId !== null;

/**
 * A catalogue item's machine (issue 15 §1; Ozon's moderation, research §2.1): a company prepares
 * it as a draft and submits it (only an active company); the admin approves it (on sale, its photos
 * public) or returns it for improvement with reason codes and a comment, and the company fixes and
 * submits it again. The company hides and shows an item on sale; the admin blocks any item with a
 * reason and unblocks it back into the queue. An edit of an item on sale (or hidden) is a revision
 * (`catalog.revisions.ts`): the item keeps its status and stays on sale as it was while the admin
 * approves the revision (its content copied onto the item) or returns it; the company may withdraw
 * it. A company's people reach their company's items, the moderators every item (`catalogScope`).
 */
export const catalogMachine = defineMachine({
  entity: "catalog_item",
  table: catalogItems,
  statuses: ["draft", "consideration", "improvement", "active", "inactive", "blocked"],
  initial: "draft",
  scope: (caller) => catalogScope(caller, catalogItems.supplierId),
  notFound: "catalog_item_not_found",
  moves: {
    submit: {
      from: ["draft", "improvement"],
      to: "consideration",
      by: "catalog.manage",
      requires: (tx, row) => needsActiveCompany(tx, row),
      set: ({ now }) => ({ submittedAt: now }),
      tell: ({ row }, tx) => toModerators(tx, row, "catalog_submitted"),
    },
    approve: {
      from: ["consideration"],
      to: "active",
      by: "catalog.moderate",
      set: ({ row, now }) => ({
        publishedAt: row.publishedAt ?? now,
        submittedAt: null,
        returnReasons: [],
        returnComment: null,
      }),
      effects: (tx, _s, { row }) => setUploadsPublic(tx, ITEM_FILES, row.id, true),
      tell: toCompany((id, name, ctx) => catalogNotices.catalog_approved(id, { name }, supplierLink(ctx.row))),
    },
    return: {
      from: ["consideration"],
      to: "improvement",
      by: "catalog.moderate",
      input: ZItemReturn,
      set: ({ input }) => ({ returnReasons: input.reasons, returnComment: input.comment || null, submittedAt: null }),
      tell: toCompany((id, name, ctx) =>
        catalogNotices.catalog_returned(id, { name, comment: comment(ctx) }, supplierLink(ctx.row)),
      ),
    },
    hide: {
      from: ["active"],
      to: "inactive",
      by: "catalog.manage",
      effects: (tx, _s, { row }) => setUploadsPublic(tx, ITEM_FILES, row.id, false),
    },
    show: {
      from: ["inactive"],
      to: "active",
      by: "catalog.manage",
      requires: (tx, row) => needsActiveCompany(tx, row),
      effects: (tx, _s, { row }) => setUploadsPublic(tx, ITEM_FILES, row.id, true),
    },
    block: {
      from: ["draft", "consideration", "improvement", "active", "inactive"],
      to: "blocked",
      by: "catalog.moderate",
      input: ZItemBlock,
      set: ({ reason }) => ({ blockReason: reason, submittedAt: null }),
      effects: async (tx, _s, { row, now }) => {
        await setUploadsPublic(tx, ITEM_FILES, row.id, false);
        await closeRevision(tx, row, "withdrawn", now);
      },
      tell: toCompany((id, name, ctx) =>
        catalogNotices.catalog_blocked(id, { name, reason: ctx.reason ?? "" }, supplierLink(ctx.row)),
      ),
    },
    unblock: {
      from: ["blocked"],
      to: "consideration",
      by: "catalog.moderate",
      set: ({ now }) => ({ blockReason: null, submittedAt: now }),
      tell: toCompany((id, name, ctx) => catalogNotices.catalog_unblocked(id, { name }, supplierLink(ctx.row))),
    },
    approve_revision: {
      from: ["active", "inactive"],
      by: "catalog.moderate",
      when: hasRevision,
      whenError: "catalog_no_revision",
      effects: (tx, _s, { row, now }) => applyRevision(tx, row, now),
      tell: toCompany((id, name, ctx) => catalogNotices.catalog_revision_approved(id, { name }, supplierLink(ctx.row))),
    },
    return_revision: {
      from: ["active", "inactive"],
      by: "catalog.moderate",
      when: hasRevision,
      whenError: "catalog_no_revision",
      input: ZItemReturn,
      effects: (tx, _s, { row, now, input }) =>
        closeRevision(tx, row, "returned", now, { reasons: input.reasons, comment: input.comment || null }),
      tell: toCompany((id, name, ctx) =>
        catalogNotices.catalog_revision_returned(id, { name, comment: comment(ctx) }, supplierLink(ctx.row)),
      ),
    },
    withdraw_revision: {
      from: ["active", "inactive"],
      by: "catalog.manage",
      when: hasRevision,
      whenError: "catalog_no_revision",
      effects: (tx, _s, { row, now }) => closeRevision(tx, row, "withdrawn", now),
    },
  },
});

/** The machine's moves are the ones the API's schemas and the screens name. */
const _sameMoves: SameNames<MoveOf<typeof catalogMachine>, ItemMove> = true;
