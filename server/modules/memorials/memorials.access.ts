import { and, eq, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { fullName } from "../../../common/person.ts";
import type { Queryable } from "../../db/client.ts";
import type { Actor } from "../../lib/caller.ts";
import { burials } from "../burials/burials.tables.ts";
import { memorials } from "./memorials.tables.ts";

/**
 * Who a memorial's people are, as SQL conditions on a memorial's columns (folded into every query:
 * outside them a memorial does not exist, 404). Kept here, not in the access module: they are
 * relations to one record (the grave's responsible person, a verified relative, an invitation),
 * not a role's scope, and they read this module's tables.
 *
 * - **owners**: the burial record's responsible person, and relatives the cemetery verified;
 * - **managers**: the owners and the co-managers who accepted their invitation;
 * - **readers** of a private memorial: the managers, accepted viewers, granted access requests.
 */
export function ownsBurial(userId: number, burialId: AnyPgColumn | SQL): SQL {
  return sql`(exists (select 1 from burials b where b.id = ${burialId} and b.responsible_user_id = ${userId})
    or exists (select 1 from memorial_claims c where c.burial_id = ${burialId} and c.user_id = ${userId} and c.status = 'approved'))`;
}

export function managesMemorial(userId: number, memorialId: AnyPgColumn | SQL, burialId: AnyPgColumn | SQL): SQL {
  return sql`(${ownsBurial(userId, burialId)}
    or exists (select 1 from memorial_members mm where mm.memorial_id = ${memorialId} and mm.user_id = ${userId}
      and mm.role = 'manager' and mm.accepted_at is not null))`;
}

export function readsPrivateMemorial(userId: number, memorialId: AnyPgColumn | SQL, burialId: AnyPgColumn | SQL): SQL {
  return sql`(${managesMemorial(userId, memorialId, burialId)}
    or exists (select 1 from memorial_members mv where mv.memorial_id = ${memorialId} and mv.user_id = ${userId}
      and mv.accepted_at is not null)
    or exists (select 1 from memorial_access_requests ar where ar.memorial_id = ${memorialId} and ar.user_id = ${userId}
      and ar.status = 'granted'))`;
}

/** A memorial a record of this module belongs to, managed by `userId` (the condition on `memorialId`). */
export function managedBy(userId: number, memorialId: AnyPgColumn): SQL {
  return sql`exists (select 1 from memorials mx where mx.id = ${memorialId} and ${managesMemorial(userId, sql`mx.id`, sql`mx.burial_id`)})`;
}

/** Whether `actor` manages memorial `id`. */
export async function isManager(tx: Queryable, actor: Actor, memorialId: number): Promise<boolean> {
  if (actor.id === null) return false;
  const [m] = await tx
    .select({ id: memorials.id })
    .from(memorials)
    .where(and(eq(memorials.id, memorialId), managesMemorial(actor.id, memorials.id, memorials.burialId)));
  return m !== undefined;
}

/** The owners and accepted co-managers of a memorial (whom its queues are told of). */
export async function managersOf(tx: Queryable, memorialId: number): Promise<number[]> {
  const rows = await tx.execute(sql`
    select b.responsible_user_id as id from memorials m join burials b on b.id = m.burial_id
      where m.id = ${memorialId} and b.responsible_user_id is not null
    union select c.user_id from memorials m join memorial_claims c on c.burial_id = m.burial_id and c.status = 'approved'
      where m.id = ${memorialId}
    union select mm.user_id from memorial_members mm
      where mm.memorial_id = ${memorialId} and mm.role = 'manager' and mm.user_id is not null and mm.accepted_at is not null`);
  return (rows.rows as { id: number }[]).map((r) => Number(r.id)).sort((a, b) => a - b);
}

/** The name of the memorial's person (a notice's parameter). */
export async function memorialName(tx: Queryable, memorialId: number): Promise<string> {
  const [r] = await tx
    .select({ surname: burials.surname, name: burials.name, patronymic: burials.patronymic })
    .from(memorials)
    .innerJoin(burials, eq(burials.id, memorials.burialId))
    .where(eq(memorials.id, memorialId));
  return r ? fullName(r) : "";
}
