import { and, eq, inArray, isNull, notInArray, or, type SQL } from "drizzle-orm";
import type { RevisionStatus, ReturnReason } from "../../../common/catalog.ts";
import type { TItemValues } from "../../../common/catalog-forms.ts";
import type { TItemChange } from "../../../common/catalog-schemas.ts";
import { foldName } from "../../../common/search-text.ts";
import type { Queryable } from "../../db/client.ts";
import { fieldError } from "../../lib/errors.ts";
import { uploads } from "../uploads/uploads.tables.ts";
import { catalogItems, catalogRevisions } from "./catalog.tables.ts";

type TItemRow = typeof catalogItems.$inferSelect;
type TRevisionRow = typeof catalogRevisions.$inferSelect;

/** Photos of an item are bound under this entity type; those new in a pending revision under the next. */
export const ITEM_FILES = "catalog_item";
export const REVISION_FILES = "catalog_revision";

/** The content of an item a revision carries: what the moderators approve. */
export type TItemContent = Pick<
  TItemRow,
  | "category"
  | "kind"
  | "nameRu"
  | "nameKk"
  | "descriptionRu"
  | "descriptionKk"
  | "price"
  | "unit"
  | "leadHours"
  | "city"
  | "cemeteryIds"
  | "photoIds"
>;

/** The content of a row (an item's or a revision's). */
export function contentOf(r: TItemContent): TItemContent {
  return {
    category: r.category,
    kind: r.kind,
    nameRu: r.nameRu,
    nameKk: r.nameKk,
    descriptionRu: r.descriptionRu,
    descriptionKk: r.descriptionKk,
    price: r.price,
    unit: r.unit,
    leadHours: r.leadHours,
    city: r.city,
    cemeteryIds: r.cemeteryIds,
    photoIds: r.photoIds,
  };
}

/** The content of a form's values (descriptions already sanitized). */
export function contentOfInput(v: TItemValues): TItemContent {
  return contentOf({ ...v, photoIds: v.photoIds });
}

/** The search key of an item's names: both folded as the registry folds names (`common/search-text.ts`). */
export const searchKeyOf = (c: Pick<TItemContent, "nameRu" | "nameKk">) => foldName(`${c.nameRu} ${c.nameKk}`);

const sameList = (a: readonly unknown[], b: readonly unknown[]) =>
  a.length === b.length && a.every((x, i) => x === b[i]);

/** The fields that differ between two contents, in the form's order. */
export function changedFields(before: TItemContent, after: TItemContent): (keyof TItemContent)[] {
  return (Object.keys(before) as (keyof TItemContent)[]).filter((k) => {
    const a = before[k];
    const b = after[k];
    return Array.isArray(a) && Array.isArray(b) ? !sameList(a, b) : a !== b;
  });
}

/**
 * A revision's changes field by field, as text: codes for category, kind and unit (the screen says
 * them), prices and hours as numbers, cemeteries by name, descriptions as their HTML, photos by count.
 */
export function diffOf(
  item: TItemContent,
  rev: TItemContent,
  cemeteryName: (id: number) => string,
  photoName: (id: string) => string,
): TItemChange[] {
  const text = (k: keyof TItemContent, c: TItemContent): string => {
    if (k === "cemeteryIds") return c.cemeteryIds.map(cemeteryName).join(", ");
    if (k === "photoIds") return c.photoIds.map(photoName).join(", ");
    return String(c[k]);
  };
  return changedFields(item, rev).map((k) => ({
    field: k === "photoIds" ? "photos" : k,
    before: text(k, item),
    after: text(k, rev),
  }));
}

/**
 * Binds an item's photos: the caller's own unattached photo uploads, or files already the item's
 * or one of its revisions' (a colleague may have uploaded them). Anything else is the photos
 * field's 422. `target` is where they are bound now: the item (public while it is on sale), or its
 * pending revision (private until approved; the item's own files stay where they are).
 */
export async function bindPhotos(
  tx: Queryable,
  ownerId: number,
  itemId: number,
  photoIds: readonly string[],
  target: { type: "item"; isPublic: boolean } | { type: "revision"; revisionId: number },
  now: Date,
): Promise<void> {
  const revisionIds = (
    await tx.select({ id: catalogRevisions.id }).from(catalogRevisions).where(eq(catalogRevisions.itemId, itemId))
  ).map((r) => String(r.id));
  const ours: SQL[] = [and(eq(uploads.entityType, ITEM_FILES), eq(uploads.entityId, String(itemId))) as SQL];
  if (revisionIds.length)
    ours.push(and(eq(uploads.entityType, REVISION_FILES), inArray(uploads.entityId, revisionIds)) as SQL);
  if (photoIds.length) {
    const rows = await tx
      .select({ id: uploads.id })
      .from(uploads)
      .where(
        and(
          inArray(uploads.id, [...photoIds]),
          eq(uploads.purpose, "photo"),
          or(and(isNull(uploads.entityType), eq(uploads.ownerId, ownerId)), ...ours),
        ),
      );
    if (rows.length !== photoIds.length) throw fieldError("photoIds", "validation.photos_foreign");
  }
  if (target.type === "item") {
    // The item's files left out of the new set are let go (swept with the other unattached files).
    await tx
      .update(uploads)
      .set({ entityType: null, entityId: null, attachedAt: null, isPublic: false, createdAt: now })
      .where(
        and(
          eq(uploads.entityType, ITEM_FILES),
          eq(uploads.entityId, String(itemId)),
          photoIds.length ? notInArray(uploads.id, [...photoIds]) : undefined,
        ),
      );
    if (photoIds.length) {
      await tx
        .update(uploads)
        .set({ entityType: ITEM_FILES, entityId: String(itemId), attachedAt: now, isPublic: target.isPublic })
        .where(inArray(uploads.id, [...photoIds]));
    }
    return;
  }
  // A revision: its new files are bound to it; the item's stay the item's until the revision is approved.
  if (photoIds.length) {
    await tx
      .update(uploads)
      .set({ entityType: REVISION_FILES, entityId: String(target.revisionId), attachedAt: now, isPublic: false })
      .where(
        and(inArray(uploads.id, [...photoIds]), or(isNull(uploads.entityType), eq(uploads.entityType, REVISION_FILES))),
      );
  }
}

/** The pending revision of an item, or null. */
export async function pendingRevision(tx: Queryable, row: TItemRow): Promise<TRevisionRow | null> {
  if (row.pendingRevisionId === null) return null;
  const [rev] = await tx.select().from(catalogRevisions).where(eq(catalogRevisions.id, row.pendingRevisionId));
  return rev ?? null;
}

/**
 * Copies the pending revision onto the item (the approval): its content, search key and photos
 * (public while the item is on sale); the revision is marked approved and the item has none pending.
 */
export async function applyRevision(tx: Queryable, row: TItemRow, now: Date): Promise<void> {
  const rev = await pendingRevision(tx, row);
  if (!rev) return;
  const content = contentOf(rev);
  await tx
    .update(catalogItems)
    .set({
      ...content,
      searchKey: searchKeyOf(content),
      pendingRevisionId: null,
      submittedAt: null,
      returnReasons: [],
      returnComment: null,
      updatedAt: now,
    })
    .where(eq(catalogItems.id, row.id));
  await bindPhotos(tx, 0, row.id, content.photoIds, { type: "item", isPublic: row.status === "active" }, now);
  await tx.update(catalogRevisions).set({ status: "approved", decidedAt: now }).where(eq(catalogRevisions.id, rev.id));
}

/** Closes the pending revision (returned with reasons, or withdrawn): the item keeps the version on sale. */
export async function closeRevision(
  tx: Queryable,
  row: TItemRow,
  status: Exclude<RevisionStatus, "pending" | "approved">,
  now: Date,
  returned?: { reasons: ReturnReason[]; comment: string | null },
): Promise<void> {
  if (row.pendingRevisionId === null) return;
  await tx
    .update(catalogRevisions)
    .set({
      status,
      decidedAt: now,
      ...(returned ? { returnReasons: returned.reasons, returnComment: returned.comment } : {}),
    })
    .where(eq(catalogRevisions.id, row.pendingRevisionId));
  await tx
    .update(catalogItems)
    .set({ pendingRevisionId: null, submittedAt: null, updatedAt: now })
    .where(eq(catalogItems.id, row.id));
}
