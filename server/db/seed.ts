import { eq } from "drizzle-orm";
import { akimats } from "../modules/akimats/akimats.tables.ts";
import { suppliers } from "../modules/suppliers/suppliers.tables.ts";
import { users } from "../modules/users/users.tables.ts";
import type { Queryable } from "./client.ts";

/**
 * Seed functions shared by the demo data and the tests. Each one finds its record by a natural
 * key (phone, BIN, name) and creates it only when missing, so seeding twice changes nothing.
 */

/** The demo accounts, one per role; log in with `AUTH_DEV_CODE` or the code in the server log. */
export const DEMO_PHONES = {
  admin: "+77010000001",
  akimat: "+77010000002",
  manager: "+77010000003",
  supplier: "+77010000004",
  client: "+77010000005",
} as const;

export async function ensureAkimat(
  db: Queryable,
  a: { nameRu: string; nameKk: string; city: string; address?: string; phone?: string },
): Promise<number> {
  const [found] = await db.select({ id: akimats.id }).from(akimats).where(eq(akimats.nameRu, a.nameRu));
  if (found) return found.id;
  const [row] = await db.insert(akimats).values(a).returning({ id: akimats.id });
  return (row as { id: number }).id;
}

export async function ensureSupplier(db: Queryable, s: typeof suppliers.$inferInsert): Promise<number> {
  const [found] = await db.select({ id: suppliers.id }).from(suppliers).where(eq(suppliers.bin, s.bin));
  if (found) return found.id;
  const [row] = await db.insert(suppliers).values(s).returning({ id: suppliers.id });
  return (row as { id: number }).id;
}

export async function ensureUser(db: Queryable, u: typeof users.$inferInsert): Promise<number> {
  const [found] = await db.select({ id: users.id }).from(users).where(eq(users.phone, u.phone));
  if (found) return found.id;
  const [row] = await db.insert(users).values(u).returning({ id: users.id });
  return (row as { id: number }).id;
}

export async function seedDemo(db: Queryable): Promise<void> {
  const akimatId = await ensureAkimat(db, {
    nameRu: "Акимат города Алматы",
    nameKk: "Алматы қаласының әкімдігі",
    city: "Алматы",
    address: "пл. Республики, 4",
    phone: "+7 (727) 271-66-00",
  });
  const supplierId = await ensureSupplier(db, {
    bin: "180540012343",
    companyName: "ТОО «Тыныштық»",
    headName: "Сейтқали Нұрлан Бекұлы",
    city: "Алматы",
    isVatPayer: true,
    description: "Ритуальные услуги, памятники и благоустройство мест захоронения.",
    status: "active",
  });
  await ensureUser(db, {
    phone: DEMO_PHONES.admin,
    role: "admin",
    surname: "Ахметова",
    name: "Айгерим",
    patronymic: "Сериковна",
  });
  await ensureUser(db, {
    phone: DEMO_PHONES.akimat,
    role: "akimat",
    akimatId,
    akimatRole: "admin",
    position: "Руководитель отдела",
    surname: "Жұмабаев",
    name: "Ерлан",
    patronymic: "Маратұлы",
  });
  await ensureUser(db, {
    phone: DEMO_PHONES.manager,
    role: "manager",
    surname: "Ким",
    name: "Ольга",
    patronymic: "Викторовна",
  });
  await ensureUser(db, {
    phone: DEMO_PHONES.supplier,
    role: "supplier",
    supplierId,
    surname: "Сейтқали",
    name: "Нұрлан",
    patronymic: "Бекұлы",
  });
  await ensureUser(db, {
    phone: DEMO_PHONES.client,
    role: "client",
    surname: "Иванова",
    name: "Мария",
    patronymic: "Петровна",
    iin: "850312400128",
    consentAt: new Date(),
  });
}
