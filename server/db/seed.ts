import { eq } from "drizzle-orm";
import { akimats, suppliers } from "../modules/users/organisations.tables.ts";
import { news } from "../modules/news/news.tables.ts";
import { catalogItems } from "../modules/catalog/catalog.tables.ts";
import { searchKeyOf } from "../modules/catalog/catalog.revisions.ts";
import { users } from "../modules/users/users.tables.ts";
import type { Queryable } from "./client.ts";

/**
 * Seed functions shared by the demo data and the tests. Each one finds its record by a natural
 * key (phone, BIN, name) and creates it only when missing, so seeding twice changes nothing.
 */

/** The demo accounts, one per role; log in with `AUTH_DEV_CODE` or the code in the server log. */
/** The second demo family (a finished order to review, a grave it hands over to the demo client). */
export const SECOND_FAMILY_PHONE = "+77010000019";

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

/** A published news item, found by its Russian title. Content is trusted HTML written here. */
export async function ensureNews(db: Queryable, n: typeof news.$inferInsert): Promise<number> {
  const [found] = await db
    .select({ id: news.id })
    .from(news)
    .where(eq(news.titleRu, n.titleRu ?? ""));
  if (found) return found.id;
  const [row] = await db.insert(news).values(n).returning({ id: news.id });
  return (row as { id: number }).id;
}

/** The demo akimat's news, in both languages (one only in Russian, to show the fallback note). */
const DEMO_NEWS: Omit<typeof news.$inferInsert, "akimatId">[] = [
  {
    category: "announcements",
    status: "published",
    publishedAt: new Date("2026-11-16T05:00:00Z"),
    titleRu: "Кладбища города работают по зимнему графику",
    titleKk: "Қала зираттары қысқы кестемен жұмыс істейді",
    contentRu:
      "<p>С 15 ноября по 15 марта кладбища открыты для посещения с 9:00 до 17:00. Захоронения проводятся ежедневно с 10:00 до 16:00 по предварительной записи.</p><p>Подъездные дороги очищаются от снега каждое утро. Просим посетителей быть осторожными на дорожках между секторами.</p>",
    contentKk:
      "<p>15 қарашадан 15 наурызға дейін зираттарға келу уақыты — 9:00-ден 17:00-ге дейін. Жерлеу күн сайын 10:00-ден 16:00-ге дейін алдын ала жазылу бойынша жүргізіледі.</p><p>Кірме жолдар күн сайын таңертең қардан тазартылады. Келушілерден секторлар арасындағы жолдарда абай болуды сұраймыз.</p>",
  },
  {
    category: "social_support",
    status: "published",
    publishedAt: new Date("2026-11-10T05:00:00Z"),
    titleRu: "Выплата на погребение: как подать заявление",
    titleKk: "Жерлеуге арналған төлем: өтінішті қалай беруге болады",
    contentRu:
      "<p>Родственники умершего пенсионера или получателя пособия могут получить единовременную выплату на погребение.</p><ul><li>Заявление подают в ЦОН или на портале egov.kz.</li><li>Понадобятся свидетельство о смерти и удостоверение личности.</li></ul><p>Подробнее — в разделе «Инструкции».</p>",
    contentKk:
      "<p>Қайтыс болған зейнеткердің немесе жәрдемақы алушының туыстары жерлеуге біржолғы төлем ала алады.</p><ul><li>Өтініш ХҚКО-ға немесе egov.kz порталында беріледі.</li><li>Қайтыс болу туралы куәлік пен жеке куәлік қажет.</li></ul><p>Толығырақ — «Нұсқаулықтар» бөлімінде.</p>",
  },
  {
    category: "legislation",
    status: "published",
    publishedAt: new Date("2026-11-02T05:00:00Z"),
    titleRu: "Обновлены правила благоустройства мест захоронения",
    titleKk: "",
    contentRu:
      "<p>Акимат утвердил обновлённые правила: ограды и надгробия устанавливаются в границах участка, их высота согласуется с администрацией кладбища.</p>",
    contentKk: "",
  },
];

/** The demo accounts and news; returns the demo akimat. The registry has its own, larger seed. */
export async function seedDemo(db: Queryable): Promise<{ akimatId: number; managerId: number }> {
  const akimatId = await ensureAkimat(db, {
    nameRu: "Акимат города Алматы",
    nameKk: "Алматы қаласының әкімдігі",
    city: "Алматы",
    address: "пл. Республики, 4",
    phone: "+77272716600",
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
  const managerId = await ensureUser(db, {
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
    supplierRole: "owner",
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
  for (const n of DEMO_NEWS) await ensureNews(db, { ...n, akimatId });
  for (const item of DEMO_CATALOG) await ensureCatalogItem(db, { ...item, supplierId });
  return { akimatId, managerId };
}

/** A catalogue item of a company, found by its Russian name; its search key written as the service writes it. */
export async function ensureCatalogItem(db: Queryable, item: typeof catalogItems.$inferInsert): Promise<number> {
  const [found] = await db
    .select({ id: catalogItems.id })
    .from(catalogItems)
    .where(eq(catalogItems.nameRu, item.nameRu));
  if (found) return found.id;
  const [row] = await db
    .insert(catalogItems)
    .values({ ...item, searchKey: searchKeyOf(item) })
    .returning({ id: catalogItems.id });
  return (row as { id: number }).id;
}

const SOLD = new Date("2026-11-02T06:00:00Z");
const p = (ru: string, kk: string) => ({ descriptionRu: `<p>${ru}</p>`, descriptionKk: `<p>${kk}</p>` });

/** The demo company's catalogue: items on sale across the categories, and one waiting for moderation. */
const DEMO_CATALOG: Omit<typeof catalogItems.$inferInsert, "supplierId">[] = [
  {
    status: "active",
    category: "ritual",
    kind: "service",
    nameRu: "Организация похорон «Стандарт»",
    nameKk: "«Стандарт» жерлеуді ұйымдастыру",
    ...p(
      "Оформление документов, ритуальный агент, подготовка места, проведение церемонии.",
      "Құжаттарды ресімдеу, ритуалдық агент, орынды дайындау, рәсімді өткізу.",
    ),
    price: 180000,
    unit: "service",
    leadHours: 24,
    city: "Алматы",
    publishedAt: SOLD,
  },
  {
    status: "active",
    category: "flowers",
    kind: "product",
    nameRu: "Венок траурный из живых цветов",
    nameKk: "Тірі гүлдерден жасалған аза гүл шоқтары",
    ...p("Диаметр 80 см, лента с надписью.", "Диаметрі 80 см, жазуы бар лента."),
    price: 25000,
    unit: "piece",
    leadHours: 12,
    city: "Алматы",
    publishedAt: SOLD,
  },
  {
    status: "active",
    category: "flowers",
    kind: "product",
    nameRu: "Корзина живых цветов «Нежность»",
    nameKk: "«Нәзіктік» тірі гүлдер себеті",
    ...p("Хризантемы и гвоздики.", "Хризантемалар мен қалампырлар."),
    price: 15000,
    unit: "piece",
    leadHours: 6,
    city: "Алматы",
    publishedAt: SOLD,
  },
  {
    status: "active",
    category: "transport",
    kind: "service",
    nameRu: "Катафалк по городу",
    nameKk: "Қала бойынша катафалк",
    ...p("Автомобиль с водителем, до 3 часов.", "Жүргізушісі бар көлік, 3 сағатқа дейін."),
    price: 30000,
    unit: "service",
    leadHours: 24,
    city: "Алматы",
    publishedAt: SOLD,
  },
  {
    status: "active",
    category: "monuments",
    kind: "product",
    nameRu: "Памятник из гранита 100×50",
    nameKk: "Граниттен жасалған ескерткіш 100×50",
    ...p("Полировка, гравировка портрета и надписи.", "Жылтырату, портрет пен жазуды ою."),
    price: 240000,
    unit: "set",
    leadHours: 24 * 30,
    city: "Алматы",
    publishedAt: SOLD,
  },
  {
    status: "active",
    category: "care",
    kind: "service",
    nameRu: "Ежемесячная уборка места захоронения",
    nameKk: "Жерлеу орнын ай сайын тазалау",
    ...p("Уборка листвы и мусора, фотоотчёт.", "Жапырақ пен қоқысты жинау, фотоесеп."),
    price: 8000,
    unit: "service",
    leadHours: 72,
    city: "Алматы",
    publishedAt: SOLD,
  },
  {
    status: "consideration",
    category: "monuments",
    kind: "service",
    nameRu: "Установка ограды",
    nameKk: "Қоршау орнату",
    ...p("Металлическая ограда 2×2 м с покраской.", "Боялған 2×2 м металл қоршау."),
    price: 90000,
    unit: "service",
    leadHours: 24 * 7,
    city: "Алматы",
    submittedAt: new Date("2026-11-20T06:00:00Z"),
  },
];
