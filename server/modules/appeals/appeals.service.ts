/**
 * Appeals to the akimat (issue 14 B): registering one (from the platform, or an oral or phone
 * appeal recorded by the staff), reading one with its history and the caller's moves, and the
 * lists of the akimat's inbox and of the applicant. The rules of its life are the machine's
 * (`appeals.machine.ts`); its terms `common/appeal-deadlines.ts`; its conversation the thread
 * registered here; its files the uploads bound under `appeal`, read by whom the appeal is visible
 * to (and by the staff of an akimat it was redirected to).
 */
import { and, count, eq, inArray, or } from "drizzle-orm";
import { z } from "@hono/zod-openapi";
import { appealCountdown } from "../../../common/appeal-deadlines.ts";
import type { TAppeal, TAppealListItem } from "../../../common/appeal-schemas.ts";
import {
  APPEAL_NUMBER,
  APPEAL_STATUSES,
  APPEAL_TYPES,
  CLOSED_APPEAL_STATUSES,
  isOpenAppeal,
  OPEN_APPEAL_STATUSES,
} from "../../../common/appeals.ts";
import { almatyDay } from "../../../common/calendar/almaty.ts";
import type { Locale } from "../../../common/locale.ts";
import { formatDate, translate } from "../../../common/i18n.ts";
import { EXPORT_MAX_ROWS, xlsxTable } from "../../lib/xlsx-export.ts";
import { fullName } from "../../../common/person.ts";
import type { ZAppealCreate, ZOralAppeal } from "../../../common/appeal-forms.ts";
import type { Queryable } from "../../db/client.ts";
import { AppError, fieldError } from "../../lib/errors.ts";
import { listQuery, orderOf, pageWindow, type TPage, toPage } from "../../lib/list.ts";
import type { Services } from "../../services.ts";
import { akimatIdOf, appealScope, handlesAppealsOf } from "../access/access.service.ts";
import type { TSessionUser } from "../../lib/caller.ts";
import { linkTo } from "../../../common/route-table.ts";
import { akimats } from "../users/organisations.tables.ts";
import { cemeteries } from "../cemeteries/cemeteries.tables.ts";
import { suppliers } from "../users/organisations.tables.ts";
import { registerThread } from "../threads/threads.service.ts";
import { attachUploads, listAttached, registerReadPolicy } from "../uploads/uploads.service.ts";
import { users } from "../users/users.tables.ts";
import { anyLike, CASE_LIST_FILTERS, caseConditions, caseHistory, caseParts } from "../workflow/cases.ts";
import {
  APPEAL_FILE_RULES,
  APPEAL_FILES,
  appealMachine,
  applicantLink,
  handlers,
  registerAppeal,
  type TAppealRow,
} from "./appeals.machine.ts";
import { appeals } from "./appeals.tables.ts";

const scopeOf = (user: TSessionUser) =>
  appealScope(user, { akimatId: appeals.akimatId, applicantId: appeals.applicantId });

// An appeal's files are read by whom the appeal is visible to — its applicant, its akimat's staff —
// and by the staff of the akimat it was redirected to, who consider the same appeal under their number.
registerReadPolicy(APPEAL_FILES, async (db, user, entityId) => {
  const id = Number(entityId);
  if (!Number.isInteger(id)) return false;
  const [row] = await db
    .select({ id: appeals.id })
    .from(appeals)
    .where(and(or(eq(appeals.id, id), eq(appeals.redirectedFromId, id)), scopeOf(user)))
    .limit(1);
  return row !== undefined;
});

/** The appeal's words in the two languages (a thread's notifications). */
const subjectOf = (number: string) => ({ ru: `Обращение № ${number}`, kk: `№ ${number} өтініш` });

// The conversation about an appeal: the applicant and the akimat's staff, internal notes among the
// staff; closed appeals keep their thread readable, not writable.
registerThread("appeal", {
  access: async (tx, caller, id) => {
    const [row] = await tx
      .select({ status: appeals.status, akimatId: appeals.akimatId, applicantId: appeals.applicantId })
      .from(appeals)
      .where(and(eq(appeals.id, id), scopeOf(caller)));
    if (!row) return null;
    return {
      staff: handlesAppealsOf(caller, row.akimatId),
      participant: row.applicantId === caller.id,
      canWrite: isOpenAppeal(row.status),
    };
  },
  recipients: async (tx, id) => {
    const [row] = await tx.select().from(appeals).where(eq(appeals.id, id));
    if (!row) return { applicant: [], staff: [] };
    return {
      applicant: row.applicantId === null ? [] : [row.applicantId],
      staff: await handlers(tx, row),
    };
  },
  // The applicant's page in their own area: a client's, or a supplier company's.
  link: (id, forStaff, role) => (forStaff ? linkTo("user-ticket", { id }) : applicantLink({ id }, role)),
  subject: async (tx, id) => {
    const [row] = await tx.select({ number: appeals.number }).from(appeals).where(eq(appeals.id, id));
    return subjectOf(row?.number ?? String(id));
  },
});

/** The akimat and the cemetery an appeal names must exist (the cemetery may be any of the platform's). */
async function checkAddressee(tx: Queryable, akimatId: number, cemeteryId: number | undefined): Promise<void> {
  const [a] = await tx.select({ id: akimats.id }).from(akimats).where(eq(akimats.id, akimatId));
  if (!a) throw fieldError("akimatId", "validation.appeal_akimat");
  if (cemeteryId === undefined) return;
  const [c] = await tx.select({ id: cemeteries.id }).from(cemeteries).where(eq(cemeteries.id, cemeteryId));
  if (!c) throw fieldError("cemeteryId", "validation.cemetery_id");
}

/**
 * Registers a signed-in person's appeal to an akimat (`appeals.create`): at once, never refused
 * for its content — the text and the files are checked like any input (422), the matter is the
 * akimat's to consider. The applicant is copied as they are now; the files (theirs, unattached,
 * PDF/JPEG/PNG up to 10 MB) are bound to it in the same transaction.
 */
export async function createAppeal(
  s: Services,
  user: TSessionUser,
  input: z.output<typeof ZAppealCreate>,
  locale: Locale,
): Promise<{ id: number; number: string }> {
  return s.db.transaction(async (tx) => {
    await checkAddressee(tx, input.akimatId, input.cemeteryId);
    const [me] = await tx
      .select({ u: users, company: suppliers.companyName })
      .from(users)
      .leftJoin(suppliers, eq(suppliers.id, users.supplierId))
      .where(eq(users.id, user.id));
    if (!me) throw new AppError(401, "unauthorized");
    const row = await registerAppeal(
      tx,
      s,
      {
        akimatId: input.akimatId,
        channel: "web",
        type: input.type,
        language: input.language ?? locale,
        text: input.text,
        subject: input.subject ?? "",
        cemeteryId: input.cemeteryId ?? null,
        applicantId: user.id,
        applicantName: fullName(me.u),
        applicantOrg: me.company,
        applicantPhone: me.u.phone,
        applicantIin: me.u.iin,
      },
      user,
    );
    await attachFiles(tx, user.id, row.id, input.attachmentIds, s.now());
    return { id: row.id, number: row.number };
  });
}

/**
 * Records an oral or phone appeal on a citizen's behalf (`appeals.handle`; APPK art. 63, the
 * protocol): to the staff member's own akimat, the staff member named on its receipt. The citizen
 * has no account here (their phone is not tied to one: a typo would show the appeal to a stranger);
 * they are told by SMS at the phone given.
 */
export async function createOralAppeal(
  s: Services,
  staff: TSessionUser,
  input: z.output<typeof ZOralAppeal>,
): Promise<{ id: number; number: string }> {
  const akimatId = akimatIdOf(staff);
  return s.db.transaction(async (tx) => {
    await checkAddressee(tx, akimatId, input.cemeteryId);
    const row = await registerAppeal(
      tx,
      s,
      {
        akimatId,
        channel: input.channel,
        type: input.type,
        language: input.language ?? staff.locale,
        text: input.text,
        subject: input.subject ?? "",
        cemeteryId: input.cemeteryId ?? null,
        applicantId: null,
        applicantName: fullName(input),
        applicantPhone: input.phone,
        applicantIin: input.iin ?? null,
        applicantAddress: input.address ?? null,
        receivedBy: staff.id,
      },
      staff,
    );
    await attachFiles(tx, staff.id, row.id, input.attachmentIds, s.now());
    return { id: row.id, number: row.number };
  });
}

function attachFiles(tx: Queryable, ownerId: number, appealId: number, ids: readonly string[], now: Date) {
  return attachUploads(tx, {
    ownerId,
    ids,
    entityType: APPEAL_FILES,
    entityId: appealId,
    ...APPEAL_FILE_RULES,
    field: { path: "attachmentIds", key: "validation.appeal_files" },
    now,
  });
}

// ---------- Reading ----------

/** A person named on an appeal (an assignee, who answered, who took it), as the staff and the applicant see them. */
type TPersonRef = { id: number; name: string; position: string } | null;

export type { TAppeal, TAppealListItem };

const iso = (d: Date | null) => (d ? d.toISOString() : null);

async function people(tx: Queryable, ids: (number | null)[]): Promise<Map<number, NonNullable<TPersonRef>>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (!wanted.length) return new Map();
  const rows = await tx.select().from(users).where(inArray(users.id, wanted));
  return new Map(rows.map((u) => [u.id, { id: u.id, name: fullName(u), position: u.position }]));
}

/** One appeal within the caller's scope (404 outside it), with its history and the caller's moves. */
export async function getAppeal(s: Services, caller: TSessionUser, id: number, locale: Locale): Promise<TAppeal> {
  const db = s.db;
  const row = await appealMachine.load(db, caller, id);
  const names = await db
    .select({ id: akimats.id, ru: akimats.nameRu, kk: akimats.nameKk })
    .from(akimats)
    .where(inArray(akimats.id, [row.akimatId, ...(row.redirectToAkimatId ? [row.redirectToAkimatId] : [])]));
  const akimatName = (akimatId: number) => {
    const a = names.find((n) => n.id === akimatId);
    return a ? (locale === "kk" ? a.kk : a.ru) : "";
  };
  const [cemetery] = row.cemeteryId
    ? await db
        .select({ id: cemeteries.id, ru: cemeteries.nameRu, kk: cemeteries.nameKk })
        .from(cemeteries)
        .where(eq(cemeteries.id, row.cemeteryId))
    : [];
  const [from] = row.redirectedFromId
    ? await db
        .select({ id: appeals.id, number: appeals.number })
        .from(appeals)
        .where(eq(appeals.id, row.redirectedFromId))
    : [];
  const who = await people(db, [row.assigneeId, row.receivedBy]);
  const files = (await listAttached(db, APPEAL_FILES, [row.id])).get(String(row.id)) ?? [];
  const now = s.now();
  return {
    id: row.id,
    number: row.number,
    status: row.status,
    type: row.type,
    channel: row.channel,
    language: row.language,
    akimat: { id: row.akimatId, name: akimatName(row.akimatId) },
    text: row.text,
    subject: row.subject,
    cemetery: cemetery ? { id: cemetery.id, name: locale === "kk" ? cemetery.kk : cemetery.ru } : null,
    applicant: {
      name: row.applicantName,
      org: row.applicantOrg,
      phone: row.applicantPhone,
      iin: row.applicantIin,
      address: row.applicantAddress,
    },
    receivedBy: row.receivedBy ? (who.get(row.receivedBy) ?? null) : null,
    registeredAt: row.registeredAt.toISOString(),
    registrationDay: row.registrationDay,
    dueDay: row.dueDay,
    countdown: appealCountdown(row, almatyDay(now)),
    extension: row.extendedUntil
      ? { until: row.extendedUntil, reason: row.extensionReason ?? "", at: iso(row.extendedAt) }
      : null,
    assignee: row.assigneeId ? (who.get(row.assigneeId) ?? null) : null,
    ...caseParts(row),
    redirect: row.redirectedAt
      ? {
          at: row.redirectedAt.toISOString(),
          toAkimat: row.redirectToAkimatId
            ? { id: row.redirectToAkimatId, name: akimatName(row.redirectToAkimatId) }
            : null,
          toBody: row.redirectToBody,
          reason: row.redirectReason ?? "",
        }
      : null,
    redirectedFrom: from ?? null,
    answer:
      row.outcome && row.answeredAt
        ? {
            outcome: row.outcome,
            facts: row.answerFacts ?? "",
            grounds: row.answerGrounds ?? "",
            actions: row.answerActions ?? "",
            howToComplain: row.howToComplain ?? "",
            signatoryName: row.signatoryName ?? "",
            signatoryPosition: row.signatoryPosition ?? "",
            at: row.answeredAt.toISOString(),
          }
        : null,
    files,
    history: caseHistory(await appealMachine.history(db, row.id), handlesAppealsOf(caller, row.akimatId)),
    moves: await appealMachine.movesFor(db, row, caller, now),
    isStaff: handlesAppealsOf(caller, row.akimatId),
  };
}

// ---------- Lists ----------

/** `open` (being considered), `closed`, `all`, or one status. */
const ZStatusFilter = z.enum(["open", "closed", "all", ...APPEAL_STATUSES]);

/**
 * The list's query (the akimat's inbox, the applicant's appeals): status (`open` by default), type,
 * overdue only, assignee (an id, or `none`), the registration days' period, a text (the number, or
 * words of the text and subject), the applicant (name or phone); sorted by registration or by the
 * due day in force.
 */
export const ZAppealListQuery = listQuery({
  sort: ["registeredAt", "dueDay"],
  defaultSort: "-registeredAt",
  filters: {
    status: ZStatusFilter.default("all"),
    type: z.enum(APPEAL_TYPES),
    ...CASE_LIST_FILTERS,
  },
});
export type TAppealListQuery = z.output<typeof ZAppealListQuery>;

/**
 * The appeals the caller reaches (`appealScope`), filtered, one page with the total: the scope is
 * the first condition, so a filter narrows, never widens.
 */
export async function listAppeals(
  s: Services,
  caller: TSessionUser,
  q: TAppealListQuery,
  locale: Locale,
): Promise<TPage<TAppealListItem>> {
  const db = s.db;
  const today = almatyDay(s.now());
  const conds = [
    scopeOf(caller),
    ...caseConditions(
      {
        status: appeals.status,
        dueDay: appeals.currentDueDay,
        assigneeId: appeals.assigneeId,
        registrationDay: appeals.registrationDay,
        applicantName: appeals.applicantName,
        applicantPhone: appeals.applicantPhone,
      },
      q,
      {
        open: OPEN_APPEAL_STATUSES,
        groups: { open: OPEN_APPEAL_STATUSES, closed: CLOSED_APPEAL_STATUSES },
        today,
      },
    ),
  ];
  if (q.type) conds.push(eq(appeals.type, q.type));
  if (q.q) {
    const number = APPEAL_NUMBER.exec(q.q);
    conds.push(
      number
        ? eq(appeals.number, `${Number(number[1])}-${number[2]}-${number[3]?.padStart(6, "0")}`)
        : anyLike(q.q, [appeals.text, appeals.subject]),
    );
  }
  const where = and(...conds);
  const { limit, offset } = pageWindow(q);
  const order = orderOf(q.sort, { registeredAt: appeals.registeredAt, dueDay: appeals.currentDueDay }, appeals.id);
  const [[counted], rows] = await Promise.all([
    db.select({ n: count() }).from(appeals).where(where),
    db
      .select({ r: appeals, ru: akimats.nameRu, kk: akimats.nameKk })
      .from(appeals)
      .innerJoin(akimats, eq(akimats.id, appeals.akimatId))
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
  ]);
  const who = await people(
    db,
    rows.map(({ r }) => r.assigneeId),
  );
  return toPage(
    rows.map(({ r, ru, kk }) => ({
      id: r.id,
      number: r.number,
      status: r.status,
      type: r.type,
      channel: r.channel,
      subject: r.subject,
      akimatName: locale === "kk" ? kk : ru,
      applicantName: r.applicantName,
      applicantPhone: r.applicantPhone,
      applicantIin: r.applicantIin,
      assigneeName: r.assigneeId ? (who.get(r.assigneeId)?.name ?? null) : null,
      registeredAt: r.registeredAt.toISOString(),
      countdown: appealCountdown(r, today),
    })),
    Number(counted?.n ?? 0),
    q,
  );
}

/** The row of an appeal the caller reaches (404 otherwise): for the receipt and the routes. */
export function loadAppeal(db: Queryable, caller: TSessionUser, id: number): Promise<TAppealRow> {
  return appealMachine.load(db, caller, id);
}

/**
 * The filtered list as an XLSX workbook in the reader's language (the inbox's "export"): the same
 * scope and filters as the list, every page of it up to `EXPORT_MAX_ROWS`, IINs and phones as text.
 */
export async function exportAppeals(
  s: Services,
  caller: TSessionUser,
  q: TAppealListQuery,
  locale: Locale,
): Promise<{ xlsx: Uint8Array; fileName: string }> {
  const page = await listAppeals(s, caller, { ...q, page: 1, pageSize: EXPORT_MAX_ROWS }, locale);
  const t = (key: string) => translate(locale, key);
  const columns = [
    { header: t("appeal_export.number"), width: 16 },
    { header: t("appeal_export.registered"), width: 18 },
    { header: t("appeal_export.type"), width: 14 },
    { header: t("appeal_export.channel"), width: 12 },
    { header: t("appeal_export.status"), width: 18 },
    { header: t("appeal_export.subject"), width: 30 },
    { header: t("appeal_export.applicant"), width: 28 },
    { header: t("appeal_export.phone"), width: 16 },
    { header: t("appeal_export.iin"), width: 14 },
    { header: t("appeal_export.assignee"), width: 24 },
    { header: t("appeal_export.due"), width: 12 },
    { header: t("appeal_export.overdue"), width: 10 },
  ];
  const rows = page.items.map((a) => [
    a.number,
    formatDate(locale, a.registeredAt, true),
    t(`appeal.type.${a.type}`),
    t(`appeal.channel.${a.channel}`),
    t(`appeal.status.${a.status}`),
    a.subject,
    a.applicantName,
    a.applicantPhone,
    a.applicantIin,
    a.assigneeName,
    formatDate(locale, a.countdown.dueDay),
    a.countdown.isOverdue ? t("common.yes") : "",
  ]);
  const xlsx = await xlsxTable(t("appeal_export.sheet"), columns, rows);
  return { xlsx, fileName: `${t("appeal_export.file_name")} ${almatyDay(s.now())}.xlsx` };
}
