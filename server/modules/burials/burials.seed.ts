import { eq } from "drizzle-orm";
import { spellName } from "../../../common/search-text.ts";
import type { Queryable } from "../../db/client.ts";
import { boundaryAround, layoutPlots } from "../cemeteries/cemeteries.layout.ts";
import { managerCemeteries } from "../access/access.tables.ts";
import { burials } from "./burials.tables.ts";
import { cemeteries, plots } from "../cemeteries/cemeteries.tables.ts";

/** A small deterministic random generator, so the demo registry is the same on every machine. */
export function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const KZ_MALE = [
  "Ерлан",
  "Нұрлан",
  "Асқар",
  "Бауыржан",
  "Серік",
  "Қайрат",
  "Мұрат",
  "Дәулет",
  "Ерболат",
  "Жандос",
  "Талғат",
  "Бақытжан",
  "Ғабит",
  "Әлібек",
  "Сәкен",
  "Арман",
  "Болат",
  "Марат",
  "Өмірзақ",
  "Қанат",
];
const KZ_FEMALE = [
  "Айгүл",
  "Гүлнар",
  "Әсел",
  "Жанар",
  "Динара",
  "Сәуле",
  "Мәдина",
  "Айжан",
  "Гүлмира",
  "Раушан",
  "Бибігүл",
  "Ақмарал",
  "Зәуре",
  "Меруерт",
  "Күләш",
];
const KZ_SURNAMES = [
  "Жұмабаев",
  "Әлиев",
  "Серікбаев",
  "Нұрланов",
  "Қасымов",
  "Оспанов",
  "Тоқтаров",
  "Сәрсенов",
  "Байжанов",
  "Ахметов",
  "Омаров",
  "Исаев",
  "Мұқанов",
  "Жақсыбеков",
  "Құдайбергенов",
  "Үсенов",
  "Әбілов",
  "Ғалымов",
  "Өтепов",
  "Сейтқалиев",
  "Нұрғалиев",
  "Тәжібаев",
];
const RU_MALE = [
  "Иван",
  "Сергей",
  "Николай",
  "Александр",
  "Виктор",
  "Владимир",
  "Пётр",
  "Михаил",
  "Юрий",
  "Геннадий",
  "Анатолий",
  "Фёдор",
  "Алексей",
  "Василий",
];
const RU_FEMALE = [
  "Мария",
  "Анна",
  "Ольга",
  "Елена",
  "Татьяна",
  "Валентина",
  "Людмила",
  "Нина",
  "Галина",
  "Ирина",
  "Зинаида",
  "Антонина",
];
const RU_SURNAMES = [
  "Иванов",
  "Петров",
  "Смирнов",
  "Кузнецов",
  "Попов",
  "Соколов",
  "Лебедев",
  "Козлов",
  "Новиков",
  "Морозов",
  "Волков",
  "Фёдоров",
  "Семёнов",
  "Громов",
  "Белов",
];
const INVARIANT_SURNAMES = ["Ким", "Пак", "Цой", "Шевченко", "Бондаренко"];

/** Kazakh letters written with Russian look-alikes, as many old records and documents have them. */
export const toRussianSpelling = (s: string) =>
  s.replace(
    /[әғқңөұүһіӘҒҚҢӨҰҮҺІ]/g,
    (c) =>
      ({
        ә: "а",
        ғ: "г",
        қ: "к",
        ң: "н",
        ө: "о",
        ұ: "у",
        ү: "у",
        һ: "х",
        і: "и",
        Ә: "А",
        Ғ: "Г",
        Қ: "К",
        Ң: "Н",
        Ө: "О",
        Ұ: "У",
        Ү: "У",
        Һ: "Х",
        І: "И",
      })[c] as string,
  );

export const feminine = (surname: string) => (/(ов|ев|ин)$/.test(surname) ? `${surname}а` : surname);

/** The names the demo registry is drawn from (the load benchmark builds its searches from them). */
export const DEMO_NAMES = {
  kz: { surnames: KZ_SURNAMES, male: KZ_MALE, female: KZ_FEMALE },
  ru: { surnames: [...RU_SURNAMES, ...INVARIANT_SURNAMES], male: RU_MALE, female: RU_FEMALE },
} as const;

/** A realistic person: Kazakh or Russian, male or female, with both spellings of Kazakh names. */
export function randomPerson(rnd: () => number, kind: "kz" | "ru") {
  const pick = <T>(list: T[]) => list[Math.floor(rnd() * list.length)] as T;
  const female = rnd() < 0.48;
  if (kind === "kz") {
    const father = pick(KZ_MALE);
    let surname = pick(KZ_SURNAMES);
    let name = female ? pick(KZ_FEMALE) : pick(KZ_MALE);
    let patronymic =
      rnd() < 0.5
        ? `${father}${female ? " қызы" : "ұлы"}`.replace(" қызы", "қызы")
        : `${toRussianSpelling(father)}${female ? "овна" : "ович"}`;
    if (female) surname = feminine(surname);
    if (rnd() < 0.35) {
      surname = toRussianSpelling(surname);
      name = toRussianSpelling(name);
      patronymic = toRussianSpelling(patronymic);
    }
    return { surname, name, patronymic };
  }
  const surname = rnd() < 0.15 ? pick(INVARIANT_SURNAMES) : pick(RU_SURNAMES);
  const father = pick(RU_MALE).replace("ё", "е");
  const stem = father.replace(/(ий|й)$/, "").replace(/ь$/, "");
  const ending = /(ий|й)$/.test(father) ? (female ? "ьевна" : "ьевич") : female ? "овна" : "ович";
  return {
    surname: female ? feminine(surname) : surname,
    name: female ? pick(RU_FEMALE) : pick(RU_MALE),
    patronymic: `${stem}${ending}`,
  };
}

const pad = (n: number) => String(n).padStart(2, "0");

/** Birth, death and burial dates of someone who died between 1965 and 2026 aged 30 to 95. */
function lifeDates(rnd: () => number) {
  const deathYear = 1965 + Math.floor(rnd() * 61);
  const age = 30 + Math.floor(rnd() * 66);
  const dm = 1 + Math.floor(rnd() * 12);
  const dd = 1 + Math.floor(rnd() * 28);
  const death = `${deathYear}-${pad(dm)}-${pad(dd)}`;
  const burialDay = Math.min(28, dd + 1 + Math.floor(rnd() * 2));
  return {
    birthDate: `${deathYear - age}-${pad(1 + Math.floor(rnd() * 12))}-${pad(1 + Math.floor(rnd() * 28))}`,
    deathDate: death,
    burialDate: `${deathYear}-${pad(dm)}-${pad(burialDay)}`,
    birthYear: deathYear - age,
    deathYear,
  };
}

export type TDemoCemetery = {
  nameRu: string;
  nameKk: string;
  descriptionRu: string;
  descriptionKk: string;
  religion: "all" | "muslim" | "christian";
  address: string;
  addressKk: string;
  phones: string;
  burialFee: number;
  origin: { lng: number; lat: number };
  sectors: string[];
};

/** The demo akimat's cemeteries in Almaty: one Muslim, one Christian, one for all. */
export const DEMO_CEMETERIES: TDemoCemetery[] = [
  {
    nameRu: "Мусульманское кладбище «Кенсай»",
    nameKk: "«Кеңсай» мұсылман зираты",
    descriptionRu: "Старейшее мусульманское кладбище города, на склоне у подножия гор.",
    descriptionKk: "Қаладағы ең көне мұсылман зираты, тау бөктеріндегі беткейде.",
    religion: "muslim",
    address: "Алматы, ул. Кенсай, 1",
    addressKk: "Алматы, Кеңсай көшесі, 1",
    phones: "+77272551010",
    burialFee: 25_000,
    origin: { lng: 76.9862, lat: 43.2466 },
    sectors: ["А", "Б", "В", "Г"],
  },
  {
    nameRu: "Центральное кладбище",
    nameKk: "Орталық зират",
    descriptionRu: "Христианское кладбище с часовней у главного входа.",
    descriptionKk: "Басты кіреберісінде капелласы бар христиан зираты.",
    religion: "christian",
    address: "Алматы, ул. Ташкентская, 2",
    addressKk: "Алматы, Ташкент көшесі, 2",
    phones: "+77273782020",
    burialFee: 30_000,
    origin: { lng: 76.8583, lat: 43.2478 },
    sectors: ["1", "2", "3", "4"],
  },
  {
    nameRu: "Городское кладбище «Бурундай»",
    nameKk: "«Бурундай» қалалық зираты",
    descriptionRu: "Общегородское кладбище для всех вероисповеданий, с новыми секторами.",
    descriptionKk: "Барлық діндегілерге арналған жалпы қалалық зират, жаңа секторлары бар.",
    religion: "all",
    address: "Алматы, Бурундайская трасса, 15",
    addressKk: "Алматы, Бурундай тас жолы, 15",
    phones: "+77273903030",
    burialFee: 20_000,
    origin: { lng: 76.8731, lat: 43.3352 },
    sectors: ["Северный", "Южный", "Восточный", "Западный"],
  },
];

/**
 * Creates a cemetery with its plots and burial records unless it exists (found by its Russian
 * name). Statuses follow the records: a plot with a burial is occupied.
 */
export async function ensureRegistryCemetery(
  db: Queryable,
  akimatId: number,
  c: TDemoCemetery,
  size: { rows: number; perRow: number; seed: number },
): Promise<number> {
  const [found] = await db.select({ id: cemeteries.id }).from(cemeteries).where(eq(cemeteries.nameRu, c.nameRu));
  if (found) return found.id;
  const rnd = mulberry32(size.seed);
  const drafts = layoutPlots({ origin: c.origin, sectors: c.sectors, rows: size.rows, perRow: size.perRow });
  const boundary = boundaryAround(drafts);
  const ring = boundary.coordinates[0] as [number, number][];
  const [row] = await db
    .insert(cemeteries)
    .values({
      akimatId,
      nameRu: c.nameRu,
      nameKk: c.nameKk,
      descriptionRu: c.descriptionRu,
      descriptionKk: c.descriptionKk,
      city: "Алматы",
      religion: c.religion,
      address: c.address,
      addressKk: c.addressKk,
      phones: c.phones,
      capacity: drafts.length,
      burialFee: c.burialFee,
      boundary,
      centerLng: ((ring[0] as [number, number])[0] + (ring[2] as [number, number])[0]) / 2,
      centerLat: ((ring[0] as [number, number])[1] + (ring[2] as [number, number])[1]) / 2,
    })
    .returning({ id: cemeteries.id });
  const cemeteryId = (row as { id: number }).id;
  const statuses = drafts.map(() => {
    const r = rnd();
    // "Reserved" is never seeded: it follows the holds of real bookings (migration 0014).
    return r < 0.72 ? "occupied" : r < 0.77 ? "free" : r < 0.79 ? "unavailable" : "free";
  });
  const ids: number[] = [];
  for (let i = 0; i < drafts.length; i += 500) {
    const chunk = drafts.slice(i, i + 500).map((d, j) => ({ ...d, cemeteryId, status: statuses[i + j] as "free" }));
    const inserted = await db.insert(plots).values(chunk).returning({ id: plots.id });
    ids.push(...inserted.map((p) => p.id));
  }
  const kind = (): "kz" | "ru" =>
    c.religion === "muslim"
      ? rnd() < 0.95
        ? "kz"
        : "ru"
      : c.religion === "christian"
        ? rnd() < 0.9
          ? "ru"
          : "kz"
        : rnd() < 0.6
          ? "kz"
          : "ru";
  const records: (typeof burials.$inferInsert)[] = [];
  ids.forEach((plotId, i) => {
    if (statuses[i] !== "occupied") return;
    // Some family plots hold two people.
    const count = rnd() < 0.12 ? 2 : 1;
    for (let k = 0; k < count; k++) {
      const person = randomPerson(rnd, kind());
      records.push({
        plotId,
        ...person,
        ...lifeDates(rnd),
        searchName: spellName(`${person.surname} ${person.name} ${person.patronymic}`),
        isReburial: rnd() < 0.01,
      });
    }
  });
  for (let i = 0; i < records.length; i += 500) await db.insert(burials).values(records.slice(i, i + 500));
  return cemeteryId;
}

/** The demo registry: three cemeteries of about 2,400 places each and some 5,500 records. */
export async function seedRegistryDemo(db: Queryable, akimatId: number, managerId?: number): Promise<void> {
  for (const [i, c] of DEMO_CEMETERIES.entries()) {
    const cemeteryId = await ensureRegistryCemetery(db, akimatId, c, { rows: 20, perRow: 30, seed: 1000 + i });
    // The demo manager works in every demo cemetery.
    if (managerId) await db.insert(managerCemeteries).values({ userId: managerId, cemeteryId }).onConflictDoNothing();
  }
}
