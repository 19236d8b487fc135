/**
 * The memorials' demo (`npm start` with the demo seed, and the browser journey
 * `tests/e2e/memorials.spec.ts`): the demo client (+7 701 000 00 05) is made the responsible person of
 * ten graves of the first demo cemetery that had none; one has a public memorial with approved
 * tributes, one a memorial by link, the others none yet (a memorial to make, in each language's
 * journey). Idempotent: nothing is added once the client has a memorial.
 */
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client.ts";
import { DEMO_PHONES, ensureUser } from "../../db/seed.ts";
import { sanitizeRichText } from "../../lib/rich-text.server.ts";
import { DEMO_CEMETERIES } from "../burials/burials.seed.ts";
import { burials } from "../burials/burials.tables.ts";
import { cemeteries, plots } from "../cemeteries/cemeteries.tables.ts";
import { users } from "../users/users.tables.ts";
import { newMemorialCode } from "./memorials.service.ts";
import { memorials, memorialTributes } from "./memorials.tables.ts";

/** Graves the demo client answers for. */
const GRAVES = 10;

export async function seedMemorialsDemo(db: Queryable, now: Date = new Date()): Promise<void> {
  const [client] = await db.select({ id: users.id }).from(users).where(eq(users.phone, DEMO_PHONES.client));
  if (!client) return;
  const [had] = await db
    .select({ id: memorials.id })
    .from(memorials)
    .where(eq(memorials.createdBy, client.id))
    .limit(1);
  if (had) return;
  const [cemetery] = await db
    .select({ id: cemeteries.id })
    .from(cemeteries)
    .where(eq(cemeteries.nameRu, (DEMO_CEMETERIES[0] as { nameRu: string }).nameRu));
  if (!cemetery) return;
  // Graves with known dates, died more than 40 days ago, nobody responsible yet.
  const free = await db
    .select({ id: burials.id, deathDate: burials.deathDate })
    .from(burials)
    .innerJoin(plots, eq(plots.id, burials.plotId))
    .where(
      and(
        eq(plots.cemeteryId, cemetery.id),
        isNull(burials.responsibleUserId),
        isNull(burials.reburiedAt),
        sql`${burials.deathDate} < ${new Date(now.getTime() - 60 * 24 * 3600_000).toISOString().slice(0, 10)}`,
      ),
    )
    .orderBy(asc(burials.id))
    .limit(GRAVES);
  if (free.length < 2) return;
  for (const g of free) await db.update(burials).set({ responsibleUserId: client.id }).where(eq(burials.id, g.id));
  const [first, second] = free as [(typeof free)[number], (typeof free)[number]];
  const [pub] = await db
    .insert(memorials)
    .values({
      burialId: first.id,
      code: newMemorialCode(),
      visibility: "public",
      noindex: false,
      createdBy: client.id,
      epitaphRu: "Светлая память. Любим, помним, скорбим.",
      epitaphKk: "Жарқын естелік. Сүйеміз, еске аламыз.",
      biographyRu: sanitizeRichText(
        "<p>Учитель математики, тридцать лет проработал в школе № 12 города Алматы.</p><p>Любил горы, шахматы и своих учеников.</p>",
      ),
      biographyKk: sanitizeRichText(
        "<p>Математика мұғалімі, Алматы қаласындағы № 12 мектепте отыз жыл жұмыс істеді.</p><p>Тауларды, шахматты және шәкірттерін жақсы көрді.</p>",
      ),
      achievementsRu: ["Отличник народного образования", "Ветеран труда"],
      achievementsKk: ["Халық ағарту ісінің үздігі", "Еңбек ардагері"],
      videoLinks: ["https://www.youtube.com/watch?v=dQw4w9WgXcQ"],
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: memorials.id });
  await db.insert(memorials).values({
    burialId: second.id,
    code: newMemorialCode(),
    visibility: "link",
    noindex: true,
    createdBy: client.id,
    epitaphRu: "Навсегда в наших сердцах.",
    epitaphKk: "Мәңгі жүрегімізде.",
    createdAt: now,
    updatedAt: now,
  });
  const visitors = [
    await ensureUser(db, {
      phone: "+77010000021",
      role: "client",
      surname: "Ахметова",
      name: "Динара",
      consentAt: now,
    }),
    await ensureUser(db, { phone: "+77010000022", role: "client", surname: "Петров", name: "Игорь", consentAt: now }),
  ];
  const day = 24 * 3600_000;
  await db.insert(memorialTributes).values([
    {
      memorialId: (pub as { id: number }).id,
      authorId: visitors[0] as number,
      kind: "candle",
      text: "Спасибо за уроки, Учитель. Помним.",
      status: "shown",
      decidedBy: client.id,
      decidedAt: now,
      createdAt: new Date(now.getTime() - 3 * day),
    },
    {
      memorialId: (pub as { id: number }).id,
      authorId: visitors[1] as number,
      kind: "flower",
      text: "",
      status: "shown",
      decidedBy: client.id,
      decidedAt: now,
      createdAt: new Date(now.getTime() - 2 * day),
    },
    {
      memorialId: (pub as { id: number }).id,
      authorId: visitors[1] as number,
      kind: "message",
      text: "Светлая память замечательному человеку.",
      status: "pending",
      createdAt: new Date(now.getTime() - day),
    },
  ]);
}
