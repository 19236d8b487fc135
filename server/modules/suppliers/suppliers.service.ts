import { and, count, eq, ilike, or, type SQL } from "drizzle-orm";
import type { SupplierStatus, TSupplier } from "../../../common/api-types.ts";
import type { Db } from "../../db/client.ts";
import { attachUploads, listAttached, registerReadPolicy } from "../uploads/uploads.service.ts";
import { ownSupplierId, readsSupplier } from "../access/access.service.ts";
import { AppError } from "../../lib/errors.ts";
import { orderOf, pageWindow, type TListQuery, type TPage, toPage } from "../../lib/list.ts";
import { writeAudit } from "../audit/audit.service.ts";
import { tell } from "../notifications/notifications.service.ts";
import { holders } from "../access/audiences.ts";
import { linkTo } from "../../../common/route-table.ts";
import { supplierNotices } from "./suppliers.notices.ts";
import { users } from "../users/users.tables.ts";
import { supplierMachine } from "./suppliers.machine.ts";
import { suppliers } from "../users/organisations.tables.ts";
import type { Actor } from "../../lib/caller.ts";

/** Supplier companies, by status and text, a page at a time in the list's order (admin). */
export async function listSuppliers(
  db: Db,
  actor: Actor,
  q: TListQuery<"createdAt" | "companyName", { status?: SupplierStatus; q?: string }>,
  now: Date,
): Promise<TPage<TSupplier>> {
  const conds: SQL[] = [];
  if (q.status) conds.push(eq(suppliers.status, q.status));
  if (q.q) {
    const like = `%${q.q.replace(/[%_\\]/g, (m) => `\\${m}`)}%`;
    conds.push(or(ilike(suppliers.companyName, like), ilike(suppliers.bin, like), ilike(suppliers.city, like)) as SQL);
  }
  const where = conds.length ? and(...conds) : undefined;
  const { limit, offset } = pageWindow(q);
  const [[counted], rows] = await Promise.all([
    db.select({ n: count() }).from(suppliers).where(where),
    selectSuppliers(db)
      .where(where)
      .orderBy(...orderOf(q.sort, { createdAt: suppliers.createdAt, companyName: suppliers.companyName }, suppliers.id))
      .limit(limit)
      .offset(offset),
  ]);
  return toPage(await toSuppliers(db, rows, actor, now), counted?.n ?? 0, q);
}

const selectSuppliers = (db: Db) =>
  db
    .select({ s: suppliers, phone: users.phone })
    .from(suppliers)
    // The company's phone is its owner's (its employees are people of the company too).
    .leftJoin(users, and(eq(users.supplierId, suppliers.id), eq(users.supplierRole, "owner")))
    .$dynamic();

async function toSuppliers(
  db: Db,
  rows: { s: typeof suppliers.$inferSelect; phone: string | null }[],
  actor: Actor,
  now: Date,
): Promise<TSupplier[]> {
  const docs = await listAttached(
    db,
    SUPPLIER_DOCUMENTS,
    rows.map((r) => r.s.id),
  );
  const moves = await Promise.all(rows.map(({ s }) => supplierMachine.movesFor(db, s, actor, now)));
  return rows.map(({ s, phone }, i) => ({
    id: s.id,
    bin: s.bin,
    companyName: s.companyName,
    headName: s.headName,
    city: s.city,
    isVatPayer: s.isVatPayer,
    description: s.description,
    status: s.status,
    blockReason: s.blockReason,
    phone,
    createdAt: s.createdAt.toISOString(),
    documents: docs.get(String(s.id)) ?? [],
    moves: moves[i] ?? [],
  }));
}

/** Uploads bound to a supplier under this entity type are its registration documents. */
export const SUPPLIER_DOCUMENTS = "supplier";

/** A company's documents are read by those who review suppliers, and by the company itself. */
registerReadPolicy(SUPPLIER_DOCUMENTS, async (_db, user, entityId) => readsSupplier(user, Number(entityId)));
/** At most this many documents per company. */
export const MAX_SUPPLIER_DOCUMENTS = 10;

/** The signed-in supplier's own company, with its documents. */
export async function getOwnSupplier(
  db: Db,
  user: { id: number; role: string; supplierId: number | null },
  now: Date,
): Promise<TSupplier> {
  const supplierId = ownSupplierId(user);
  const [own] = await toSuppliers(db, await selectSuppliers(db).where(eq(suppliers.id, supplierId)), user, now);
  if (!own) throw new AppError(404, "supplier_not_found");
  return own;
}

/**
 * Replaces the company's registration documents with the listed uploads (the supplier's own,
 * uploaded as documents). Admins are told, so a pending company gets reviewed.
 */
export async function setSupplierDocuments(
  db: Db,
  user: { id: number; role: string; supplierId: number | null },
  documentIds: readonly string[],
  now: Date,
): Promise<TSupplier> {
  const supplierId = ownSupplierId(user);
  await db.transaction(async (tx) => {
    const [s] = await tx.select().from(suppliers).where(eq(suppliers.id, supplierId));
    if (!s) throw new AppError(404, "supplier_not_found");
    await attachUploads(tx, {
      ownerId: user.id,
      ids: documentIds,
      entityType: SUPPLIER_DOCUMENTS,
      entityId: supplierId,
      purposes: ["document"],
      now,
    });
    await writeAudit(tx, {
      actor: { id: user.id, role: "supplier" },
      entityType: "supplier",
      entityId: supplierId,
      action: "documents_updated",
      data: { count: documentIds.length },
    });
    const admins = await holders(tx, "suppliers.review", "platform");
    const link = linkTo("admin-suppliers", {}, { status: s.status });
    await tell(
      tx,
      admins.map((id) =>
        supplierNotices.supplier_documents_updated(id, { company: s.companyName, count: documentIds.length }, { link }),
      ),
    );
  });
  return getOwnSupplier(db, user, now);
}
