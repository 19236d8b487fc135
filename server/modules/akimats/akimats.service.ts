import { asc, count, eq, sql } from "drizzle-orm";
import type { TAkimat } from "../../../common/api-types.ts";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../lib/errors.ts";
import { writeAudit } from "../audit/audit.service.ts";
import { inviteAkimatEmployee, listEmployees, type TEmployee, type TInvite } from "./akimat-staff.service.ts";
import { users } from "../users/users.tables.ts";
import { akimats } from "../users/organisations.tables.ts";
import type { Actor } from "../../lib/caller.ts";

type AkimatFields = Omit<TAkimat, "id" | "employeeCount" | "createdAt">;

function toAkimat(a: typeof akimats.$inferSelect, employeeCount: number): TAkimat {
  return {
    id: a.id,
    nameRu: a.nameRu,
    nameKk: a.nameKk,
    city: a.city,
    address: a.address,
    phone: a.phone,
    employeeCount,
    createdAt: a.createdAt.toISOString(),
  };
}

export async function listAkimats(db: Db): Promise<TAkimat[]> {
  const rows = await db
    .select({ akimat: akimats, employees: count(users.id) })
    .from(akimats)
    .leftJoin(users, sql`${users.akimatId} = ${akimats.id} and ${users.role} = 'akimat'`)
    .groupBy(akimats.id)
    .orderBy(asc(akimats.nameRu));
  return rows.map((r) => toAkimat(r.akimat, r.employees));
}

export async function getAkimat(db: Db, id: number): Promise<TAkimat & { employees: TEmployee[] }> {
  const [a] = await db.select().from(akimats).where(eq(akimats.id, id));
  if (!a) throw new AppError(404, "akimat_not_found");
  const employees = await listEmployees(db, id);
  return { ...toAkimat(a, employees.length), employees };
}

/** Creates an akimat together with its first admin employee, invited by phone. */
export async function createAkimat(db: Db, actor: Actor, input: AkimatFields & { admin: TInvite }): Promise<TAkimat> {
  return db.transaction(async (tx) => {
    const { admin, ...fields } = input;
    const [row] = await tx.insert(akimats).values(fields).returning();
    const a = row as typeof akimats.$inferSelect;
    await writeAudit(tx, { actor, entityType: "akimat", entityId: a.id, action: "create" });
    await inviteAkimatEmployee(tx, actor, a.id, { ...admin, akimatRole: "admin" });
    return toAkimat(a, 1);
  });
}

export async function updateAkimat(db: Db, actor: Actor, id: number, input: AkimatFields): Promise<TAkimat> {
  return db.transaction(async (tx) => {
    const [row] = await tx.update(akimats).set(input).where(eq(akimats.id, id)).returning();
    if (!row) throw new AppError(404, "akimat_not_found");
    await writeAudit(tx, { actor, entityType: "akimat", entityId: id, action: "update" });
    const [n] = await tx
      .select({ n: count() })
      .from(users)
      .where(sql`${users.akimatId} = ${id} and ${users.role} = 'akimat'`);
    return toAkimat(row, n?.n ?? 0);
  });
}
