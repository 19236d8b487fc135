/**
 * The hand-overs' demo (`npm start` with the demo seed): the second demo family (the reviews' one,
 * +7 701 000 00 19) is the responsible person of a grave in the first demo cemetery and is handing
 * it over to the demo client, who agreed: the demo manager finds it waiting on `/manager/handovers`.
 * The demo client is the responsible person of a grave of their own, to hand over or care for.
 * Idempotent: nothing is added once a hand-over exists.
 */
import { createHash } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import { spellName } from "../../../common/search-text.ts";
import type { Queryable } from "../../db/client.ts";
import { demoFile, demoPng } from "../../db/demo-files.ts";
import { DEMO_PHONES, SECOND_FAMILY_PHONE } from "../../db/seed.ts";
import { auditLog } from "../audit/audit.tables.ts";
import { uploads } from "../uploads/uploads.tables.ts";
import { burials } from "../burials/burials.tables.ts";
import { DEMO_CEMETERIES, ensureRegistryCemetery } from "../burials/burials.seed.ts";
import { plots } from "../cemeteries/cemeteries.tables.ts";
import { users } from "../users/users.tables.ts";
import { graveHandovers } from "./handovers.tables.ts";

type Deceased = { surname: string; name: string; patronymic: string; birth: string; death: string };

/** A grave of `responsibleUserId` on the first free place of the cemetery. */
async function familyGrave(db: Queryable, cemeteryId: number, responsibleUserId: number, d: Deceased): Promise<number> {
  const [plot] = await db
    .select({ id: plots.id })
    .from(plots)
    .leftJoin(burials, eq(burials.plotId, plots.id))
    .where(and(eq(plots.cemeteryId, cemeteryId), eq(plots.status, "free"), isNull(burials.id)))
    .limit(1);
  if (!plot) throw new Error("no free place for the hand-overs' demo");
  const [b] = await db
    .insert(burials)
    .values({
      plotId: plot.id,
      surname: d.surname,
      name: d.name,
      patronymic: d.patronymic,
      birthDate: d.birth,
      deathDate: d.death,
      burialDate: d.death,
      birthYear: Number(d.birth.slice(0, 4)),
      deathYear: Number(d.death.slice(0, 4)),
      responsibleUserId,
      searchName: spellName(`${d.surname} ${d.name} ${d.patronymic}`),
    })
    .returning({ id: burials.id });
  return (b as { id: number }).id;
}

export async function seedHandoversDemo(db: Queryable, akimatId: number, now: Date = new Date()): Promise<void> {
  const [had] = await db.select({ id: graveHandovers.id }).from(graveHandovers).limit(1);
  if (had) return;
  const [client] = await db.select().from(users).where(eq(users.phone, DEMO_PHONES.client));
  const [family] = await db.select().from(users).where(eq(users.phone, SECOND_FAMILY_PHONE));
  if (!client || !family) return;
  const cemeteryId = await ensureRegistryCemetery(db, akimatId, DEMO_CEMETERIES[0] as never, {
    rows: 20,
    perRow: 30,
    seed: 1000,
  });
  await familyGrave(db, cemeteryId, client.id, {
    surname: "Иванов",
    name: "Пётр",
    patronymic: "Семёнович",
    birth: "1938-02-14",
    death: "2015-10-03",
  });
  const grave = await familyGrave(db, cemeteryId, family.id, {
    surname: "Нұрланов",
    name: "Сапар",
    patronymic: "Бекұлы",
    birth: "1935-06-21",
    death: "2011-04-17",
  });
  const day = 24 * 3600_000;
  const [handover] = await db
    .insert(graveHandovers)
    .values({
      burialId: grave,
      cemeteryId,
      status: "submitted",
      fromUserId: family.id,
      fromName: [family.surname, family.name, family.patronymic].filter(Boolean).join(" "),
      fromPhone: family.phone,
      toPhone: client.phone,
      toSurname: client.surname,
      toName: client.name,
      toPatronymic: client.patronymic,
      toUserId: client.id,
      relation: "grandchild",
      comment: "Переезжаю в другой город; за могилой деда будет ухаживать внучка.",
      consentBy: new Date(now.getTime() + 12 * day),
      createdAt: new Date(now.getTime() - 2 * day),
      updatedAt: new Date(now.getTime() - day),
    })
    .returning();
  if (!handover) return;
  // Its history as the machine writes it: sent two days ago, agreed yesterday.
  await db.insert(auditLog).values([
    {
      at: handover.createdAt,
      actorId: family.id,
      actorRole: family.role,
      entityType: "handover",
      entityId: String(handover.id),
      action: "create",
      toState: "awaiting_consent",
    },
    {
      at: handover.updatedAt,
      actorId: client.id,
      actorRole: client.role,
      entityType: "handover",
      entityId: String(handover.id),
      action: "consent",
      fromState: "awaiting_consent",
      toState: "submitted",
    },
  ]);
  // The birth certificate's scan the family attached (a picture made here).
  await db.insert(uploads).values({
    ownerId: family.id,
    ip: "127.0.0.1",
    purpose: "document",
    name: "свидетельство-о-рождении.png",
    type: "image/png",
    size: KINSHIP_SCAN.length,
    sha256: createHash("sha256").update(KINSHIP_SCAN).digest("hex"),
    storageKey: KINSHIP_SCAN_KEY,
    entityType: "handover.kinship",
    entityId: String(handover.id),
    attachedAt: handover.createdAt,
    createdAt: handover.createdAt,
  });
}

const KINSHIP_SCAN_KEY = "demo/handover/kinship";
/** A page-coloured picture standing for a scanned certificate. */
const KINSHIP_SCAN = demoFile(KINSHIP_SCAN_KEY, demoPng([245, 240, 225], [120, 110, 100], 96));
