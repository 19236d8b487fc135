/**
 * Grave care's demo (`npm start` with the demo seed): the demo cemeteries' season and price list;
 * the demo family (7010000005) responsible for a grave in the first one, with works done last
 * week (photos before and after, accepted by the family) and a fence ordered with its permit
 * waiting for the manager (7010000003), so both sides' screens have something to show.
 * Idempotent: nothing is added once the grave has a request. The photos are small pictures made
 * here (a grey grave before, a green one after) and written to the file storage at start
 * (`writeDemoFiles`), since the seed runs before the storage is opened.
 */
import { createHash } from "node:crypto";
import { and, asc, eq, notExists } from "drizzle-orm";
import { almatyDay } from "../../../common/calendar/almaty.ts";
import { permitDueDay } from "../../../common/ennoblement.ts";
import type { Queryable } from "../../db/client.ts";
import { demoFile, demoPng } from "../../db/demo-files.ts";
import { DEMO_PHONES } from "../../db/seed.ts";
import { auditLog } from "../audit/audit.tables.ts";
import { burials } from "../burials/burials.tables.ts";
import { DEMO_CEMETERIES } from "../burials/burials.seed.ts";
import { cemeteries, plots } from "../cemeteries/cemeteries.tables.ts";
import { uploads } from "../uploads/uploads.tables.ts";
import { users } from "../users/users.tables.ts";
import { CARE_FILES } from "./ennoblement.machine.ts";
import { carePermits, carePrices, careRequests, careSettings } from "./ennoblement.tables.ts";

/** The demo price list: tenge, how counted. */
const DEMO_PRICES = [
  { kind: "cleaning", price: 8_000, unit: "service", note: "Уборка листвы и мусора, мытьё надгробия" },
  { kind: "landscaping", price: 4_500, unit: "sq_m", note: "Газон или щебень" },
  { kind: "fence", price: 95_000, unit: "service", note: "Металлическая ограда до 2 × 2 м" },
  { kind: "headstone", price: 60_000, unit: "service", note: "Установка готового памятника" },
  { kind: "other", price: 5_000, unit: "service", note: "" },
] as const;

/** The demo photos, by their storage key (written to the storage at start: `writeDemoFiles`). */
const DEMO_FILES = {
  "demo/care/before": demoFile("demo/care/before", demoPng([150, 150, 140], [95, 90, 80])),
  "demo/care/after": demoFile("demo/care/after", demoPng([120, 180, 110], [70, 70, 75])),
} as const;

export async function seedCareDemo(db: Queryable, now: Date = new Date()): Promise<void> {
  const [client] = await db.select().from(users).where(eq(users.phone, DEMO_PHONES.client));
  const [manager] = await db.select().from(users).where(eq(users.phone, DEMO_PHONES.manager));
  if (!client || !manager) return;
  const names = DEMO_CEMETERIES.map((c) => c.nameRu);
  const list = (await db.select().from(cemeteries).orderBy(asc(cemeteries.id))).filter((c) => names.includes(c.nameRu));
  const first = list.find((c) => c.nameRu === names[0]);
  if (!first) return;
  for (const c of list) {
    await db
      .insert(careSettings)
      .values({ cemeteryId: c.id, seasonStart: "04-01", seasonEnd: "10-31" })
      .onConflictDoNothing();
    for (const p of DEMO_PRICES)
      await db
        .insert(carePrices)
        .values({ cemeteryId: c.id, ...p })
        .onConflictDoNothing();
  }
  // The family's grave: found by its name, else recorded in the first free place.
  let [grave] = await db
    .select({ id: burials.id })
    .from(burials)
    .where(and(eq(burials.responsibleUserId, client.id), eq(burials.surname, "Иванов"), eq(burials.name, "Пётр")));
  if (!grave) {
    const [free] = await db
      .select({ id: plots.id })
      .from(plots)
      .where(
        and(
          eq(plots.cemeteryId, first.id),
          eq(plots.status, "free"),
          notExists(db.select({ id: burials.id }).from(burials).where(eq(burials.plotId, plots.id))),
        ),
      )
      .orderBy(asc(plots.id))
      .limit(1);
    if (!free) return;
    [grave] = await db
      .insert(burials)
      .values({
        plotId: free.id,
        surname: "Иванов",
        name: "Пётр",
        patronymic: "Сергеевич",
        birthDate: "1948-03-02",
        deathDate: "2025-09-14",
        burialDate: "2025-09-16",
        birthYear: 1948,
        deathYear: 2025,
        responsibleUserId: client.id,
        searchName: "иванов пётр сергеевич",
      })
      .returning({ id: burials.id });
  }
  if (!grave) return;
  const [had] = await db.select({ id: careRequests.id }).from(careRequests).where(eq(careRequests.burialId, grave.id));
  if (had) return;

  const day = 86_400_000;
  const at = (days: number) => new Date(now.getTime() - days * day);
  const lines = [{ kind: "cleaning" as const, price: 8_000, unit: "service" as const, note: DEMO_PRICES[0].note }];
  const [done] = await db
    .insert(careRequests)
    .values({
      cemeteryId: first.id,
      burialId: grave.id,
      clientId: client.id,
      status: "confirmed",
      kinds: ["cleaning"],
      comment: "Убрать листву перед годовщиной.",
      lines,
      total: 8_000,
      acceptedAt: at(10),
      acceptedBy: manager.id,
      paymentStatus: "paid",
      paidVia: "office",
      paidAt: at(9),
      paymentRef: "К-1024",
      scheduledDate: almatyDay(at(8)),
      doneAt: at(8),
      confirmedAt: at(7),
      createdAt: at(11),
      updatedAt: at(7),
    })
    .returning();
  if (!done) return;
  const steps = [
    { action: "create", to: "new", actor: client, days: 11 },
    { action: "accept", from: "new", to: "accepted", actor: manager, days: 10 },
    { action: "record_payment", from: "accepted", to: "accepted", actor: manager, days: 9 },
    { action: "schedule", from: "accepted", to: "scheduled", actor: manager, days: 9 },
    { action: "complete", from: "scheduled", to: "done", actor: manager, days: 8 },
    { action: "confirm", from: "done", to: "confirmed", actor: client, days: 7 },
  ];
  for (const s of steps) {
    await db.insert(auditLog).values({
      at: at(s.days),
      actorId: s.actor.id,
      actorRole: s.actor.role,
      entityType: "care_request",
      entityId: String(done.id),
      action: s.action,
      fromState: s.from ?? null,
      toState: s.to,
    });
  }
  for (const [key, data] of Object.entries(DEMO_FILES)) {
    await db.insert(uploads).values({
      ownerId: manager.id,
      ip: "127.0.0.1",
      purpose: "photo",
      name: key.endsWith("before") ? "до.png" : "после.png",
      type: "image/png",
      size: data.length,
      sha256: createHash("sha256").update(data).digest("hex"),
      storageKey: key,
      entityType: key.endsWith("before") ? CARE_FILES.before : CARE_FILES.after,
      entityId: String(done.id),
      attachedAt: at(8),
      createdAt: at(8),
    });
  }

  // A fence ordered three days ago for the next season, its permit waiting for the manager (overdue).
  const [fence] = await db
    .insert(careRequests)
    .values({
      cemeteryId: first.id,
      burialId: grave.id,
      clientId: client.id,
      status: "new",
      kinds: ["fence"],
      comment: "Ограда как у соседних могил.",
      createdAt: at(3),
      updatedAt: at(3),
    })
    .returning();
  if (!fence) return;
  await db.insert(auditLog).values({
    at: at(3),
    actorId: client.id,
    actorRole: client.role,
    entityType: "care_request",
    entityId: String(fence.id),
    action: "create",
    toState: "new",
  });
  const year = Number(almatyDay(now).slice(0, 4)) + (almatyDay(now).slice(5) > "04-20" ? 1 : 0);
  await db.insert(carePermits).values({
    cemeteryId: first.id,
    burialId: grave.id,
    careRequestId: fence.id,
    clientId: client.id,
    kind: "fence",
    design: "Металлическая ограда 2,0 × 1,8 м, высота 0,6 м, чёрная.",
    installer: "cemetery",
    plannedDate: `${year}-04-20`,
    dueDay: permitDueDay(at(3)),
    createdAt: at(3),
    updatedAt: at(3),
  });
}
