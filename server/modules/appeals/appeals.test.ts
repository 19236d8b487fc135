import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ZCommentInput } from "../../../common/schemas.ts";
import { ZAppealCreate, ZOralAppeal } from "../../../common/appeal-forms.ts";
import { createHarness, type Harness, PNG } from "../../test/harness.ts";
import { pdfText } from "../../test/pdf-text.ts";
import { demoAkimatId } from "../../test/registry-fixtures.ts";
import { ensureAkimat, DEMO_PHONES } from "../../db/seed.ts";
import { AppError } from "../../lib/errors.ts";
import type { TSessionUser } from "../../lib/caller.ts";
import { toSessionUser } from "../auth/auth.service.ts";
import { jobs } from "../jobs/jobs.tables.ts";
import { postComment } from "../threads/threads.service.ts";
import { notifications } from "../notifications/notifications.tables.ts";
import { users } from "../users/users.tables.ts";
import { appealReceipt } from "./appeal-receipt.ts";
import { appealMachine } from "./appeals.machine.ts";
import { createAppeal, createOralAppeal, getAppeal, listAppeals, ZAppealListQuery } from "./appeals.service.ts";
import { parseList } from "../../lib/list.ts";
import { appeals } from "./appeals.tables.ts";

/** Wednesday 1 April 2026, 10:00 in Almaty. */
const WED = new Date("2026-04-01T05:00:00Z");

let h: Harness;
let akimatId: number;
let client: TSessionUser;
let supplier: TSessionUser;
let staff: TSessionUser;

beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());

async function sessionOf(phone: string): Promise<TSessionUser> {
  const [u] = await h.db.select().from(users).where(eq(users.phone, phone));
  if (!u) throw new Error(`no user ${phone}`);
  return toSessionUser(u);
}

beforeEach(async () => {
  await h.reset();
  h.setNow(WED);
  akimatId = await demoAkimatId(h.db);
  client = await sessionOf(DEMO_PHONES.client);
  supplier = await sessionOf(DEMO_PHONES.supplier);
  staff = await sessionOf(DEMO_PHONES.akimat);
});

const TEXT = "Прошу навести порядок в секторе Б: мусор не вывозят вторую неделю.";
const file = (token: string, bytes?: Uint8Array, name?: string, type?: string) =>
  h.upload(token, { bytes, name, type, purpose: bytes ? "photo" : "document" });

const appealOf = (user: TSessionUser, extra: Record<string, unknown> = {}) =>
  createAppeal(h.services, user, ZAppealCreate.parse({ type: "statement", akimatId, text: TEXT, ...extra }), "ru");

const sms = async () =>
  (await h.db.select().from(jobs).where(eq(jobs.kind, "sms.send"))).map(
    (j) => j.payload as { phone: string; text: string },
  );
const noticesOf = async (userId: number) =>
  h.db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(notifications.id);

/** An employee (not the admin) of an akimat. */
async function employee(akimat: number, phone: string): Promise<TSessionUser> {
  await h.db.insert(users).values({
    phone,
    role: "akimat",
    akimatId: akimat,
    akimatRole: "employee",
    surname: "Серікова",
    name: "Айжан",
    patronymic: "Болатқызы",
    position: "Главный специалист",
  });
  return sessionOf(phone);
}

const move = (caller: TSessionUser, id: number, name: Parameters<typeof appealMachine.move>[3], input = {}) =>
  h.db.transaction(async (tx) =>
    appealMachine.move(
      tx,
      h.services,
      await appealMachine.load(tx, caller, id, { forUpdate: true }),
      name,
      caller,
      input,
    ),
  );

describe("registering an appeal", () => {
  it("registers at once with its akimat's next number, the due day, the applicant's SMS and the admins' notice", async () => {
    const token = await h.login(DEMO_PHONES.client);
    const scan = await file(token);
    const first = await appealOf(client, { attachmentIds: [scan] });
    const second = await appealOf(client);
    expect(first.number).toBe(`${akimatId}-2026-000001`);
    expect(second.number).toBe(`${akimatId}-2026-000002`);
    const a = await getAppeal(h.services, client, first.id, "ru");
    expect(a).toMatchObject({
      status: "registered",
      channel: "web",
      language: "ru",
      registrationDay: "2026-04-01",
      registeredAt: WED.toISOString(),
      dueDay: "2026-04-22",
      countdown: { dueDay: "2026-04-22", daysLeft: 15, isOverdue: false },
      applicant: { name: "Иванова Мария Петровна", phone: DEMO_PHONES.client, iin: "850312400128" },
      receivedBy: null,
      moves: ["withdraw"],
      isStaff: false,
    });
    expect(a.files.map((f) => f.id)).toEqual([scan]);
    expect(a.history).toMatchObject([{ action: "create", to: "registered", actorRole: "client" }]);
    expect((await sms()).filter((m) => m.phone === DEMO_PHONES.client).map((m) => m.text)).toContain(
      `Обращение № ${first.number} зарегистрировано 01.04.2026. Ответ — не позднее 22.04.2026.`,
    );
    expect((await noticesOf(staff.id)).map((n) => [n.kind, n.link])).toEqual([
      ["appeal_received", `/user/tickets/${first.id}`],
      ["appeal_received", `/user/tickets/${second.id}`],
    ]);
    // Staff see it with its moves; the platform's admin does not see it at all.
    expect((await getAppeal(h.services, staff, first.id, "ru")).moves).toEqual([
      "take",
      "assign",
      "extend",
      "redirect",
      "record_withdrawal",
    ]);
  });

  it("registers an appeal sent on a Saturday night on Monday at 09:00 (Friday 3 April 2026 after hours too)", async () => {
    h.setNow(new Date("2026-04-03T13:30:00Z")); // Friday 18:30
    const { id } = await appealOf(client);
    const row = await appealMachine.load(h.db, client, id);
    expect(row).toMatchObject({ registrationDay: "2026-04-06", dueDay: "2026-04-27" });
    expect(row.registeredAt).toEqual(new Date("2026-04-06T04:00:00Z"));
    expect(row.createdAt).toEqual(new Date("2026-04-03T13:30:00Z"));
  });

  it("gives appeals sent at once distinct numbers without gaps", async () => {
    const made = await Promise.all(Array.from({ length: 20 }, () => appealOf(client)));
    const seq = made.map((m) => Number(m.number.split("-")[2])).sort((a, b) => a - b);
    expect(seq).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it("numbers each akimat and each year from 1", async () => {
    const other = await ensureAkimat(h.db, {
      nameRu: "Акимат города Конаев",
      nameKk: "Қонаев қаласының әкімдігі",
      city: "Конаев",
    });
    await appealOf(client);
    const theirs = await appealOf(client, { akimatId: other });
    expect(theirs.number).toBe(`${other}-2026-000001`);
    // 31 December 2026 after hours: registered on 5 January 2027, numbered in 2027.
    h.setNow(new Date("2026-12-31T14:00:00Z"));
    expect((await appealOf(client)).number).toBe(`${akimatId}-2027-000001`);
  });

  it("refuses files that are not the applicant's, or not PDF, JPEG or PNG up to 10 MB, and registers nothing", async () => {
    const token = await h.login(DEMO_PHONES.client);
    const webp = await file(
      token,
      new Uint8Array([...new TextEncoder().encode("RIFF\0\0\0\0WEBPVP8 "), ...new Uint8Array(64)]),
      "p.webp",
      "image/webp",
    );
    const png = await file(token, PNG, "p.png", "image/png");
    const theirs = await file(await h.login(DEMO_PHONES.supplier));
    for (const ids of [[webp], [theirs]]) {
      const refused = await appealOf(client, { attachmentIds: ids }).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(AppError);
      expect(refused).toMatchObject({
        status: 422,
        fields: [{ path: "attachmentIds", key: "validation.appeal_files" }],
      });
    }
    expect(await h.db.select().from(appeals)).toEqual([]);
    expect((await appealOf(client, { attachmentIds: [png] })).number).toBe(`${akimatId}-2026-000001`);
  });

  it("checks the text and the files' count with the schema", () => {
    const base = { type: "complaint", akimatId, text: TEXT };
    expect(ZAppealCreate.safeParse({ ...base, text: "x".repeat(3501) }).success).toBe(false);
    expect(ZAppealCreate.safeParse({ ...base, text: "x".repeat(3500) }).success).toBe(true);
    expect(ZAppealCreate.safeParse({ ...base, text: "  \n " }).success).toBe(false);
    const six = Array.from({ length: 6 }, () => crypto.randomUUID());
    expect(ZAppealCreate.safeParse({ ...base, attachmentIds: six }).error?.issues[0]?.message).toBe(
      "validation.appeal_files_max",
    );
  });

  it("records an oral appeal on a citizen's behalf: no account, the staff member on the receipt, the SMS in the appeal's language", async () => {
    const input = ZOralAppeal.parse({
      channel: "oral",
      surname: "Нұрланов",
      name: "Ерболат",
      phone: "+7 701 555 44 33",
      type: "request",
      text: "Где похоронен мой дед?",
      language: "kk",
    });
    const { id, number } = await createOralAppeal(h.services, staff, input);
    const row = await appealMachine.load(h.db, staff, id);
    expect(row).toMatchObject({
      applicantId: null,
      receivedBy: staff.id,
      channel: "oral",
      applicantPhone: "+77015554433",
    });
    expect((await sms()).find((m) => m.phone === "+77015554433")?.text).toBe(
      `№ ${number} өтініш 01.04.2026 тіркелді. Жауап 22.04.2026 кешіктірілмей беріледі.`,
    );
    // The admin who recorded it is not told of it.
    expect(await noticesOf(staff.id)).toEqual([]);
  });
});

describe("who reaches an appeal", () => {
  it("the applicant their own, the akimat's staff their akimat's; others 404, in lists too", async () => {
    const mine = await appealOf(client);
    const theirs = await appealOf(supplier);
    const other = await ensureAkimat(h.db, {
      nameRu: "Акимат города Конаев",
      nameKk: "Қонаев қаласының әкімдігі",
      city: "Конаев",
    });
    const elsewhere = await employee(other, "+77019990001");
    const admin = await sessionOf(DEMO_PHONES.admin);
    for (const caller of [supplier, elsewhere, admin]) {
      await expect(getAppeal(h.services, caller, mine.id, "ru")).rejects.toMatchObject({
        status: 404,
        code: "appeal_not_found",
      });
    }
    const all = parseList(ZAppealListQuery, {});
    expect((await listAppeals(h.services, client, all, "ru")).items.map((i) => i.id)).toEqual([mine.id]);
    expect((await listAppeals(h.services, supplier, all, "ru")).items.map((i) => i.id)).toEqual([theirs.id]);
    expect((await listAppeals(h.services, staff, all, "ru")).total).toBe(2);
    expect((await listAppeals(h.services, elsewhere, all, "ru")).total).toBe(0);
    expect((await listAppeals(h.services, admin, all, "ru")).total).toBe(0);
  });

  it("filters the inbox: status, type, overdue, assignee, period, number, text, applicant", async () => {
    const a = await appealOf(client);
    h.setNow(new Date("2026-04-10T05:00:00Z"));
    const b = await appealOf(supplier, { type: "complaint", subject: "Сломанная ограда" });
    await move(staff, b.id, "take");
    const ids = async (q: Record<string, string>) =>
      (await listAppeals(h.services, staff, parseList(ZAppealListQuery, q), "ru")).items.map((i) => i.id);
    expect(await ids({ status: "registered" })).toEqual([a.id]);
    expect(await ids({ status: "open", sort: "dueDay" })).toEqual([a.id, b.id]);
    expect(await ids({ type: "complaint" })).toEqual([b.id]);
    expect(await ids({ assignee: "none" })).toEqual([a.id]);
    expect(await ids({ assignee: String(staff.id) })).toEqual([b.id]);
    expect(await ids({ from: "2026-04-02", to: "2026-04-30" })).toEqual([b.id]);
    expect(await ids({ q: `${akimatId}-2026-1` })).toEqual([a.id]);
    expect(await ids({ q: "ограда" })).toEqual([b.id]);
    expect(await ids({ applicant: "иванова" })).toEqual([a.id]);
    expect(await ids({ applicant: "701 000 00 04" })).toEqual([b.id]);
    expect(await ids({ overdue: "true" })).toEqual([]);
    // Due on 22 April: overdue from the 23rd.
    h.setNow(new Date("2026-04-23T05:00:00Z"));
    expect(await ids({ overdue: "true" })).toEqual([a.id]);
    const [row] = (await listAppeals(h.services, staff, parseList(ZAppealListQuery, { overdue: "true" }), "ru")).items;
    expect(row?.countdown).toEqual({ dueDay: "2026-04-22", daysLeft: -1, isOverdue: true, isDueSoon: false });
    expect(await ids({ overdue: "false" })).toEqual([b.id]);
  });
});

describe("the applicant's view of the conversation", () => {
  it("never lists the staff's internal notes in the applicant's history (the staff see them)", async () => {
    const { id } = await appealOf(client);
    await postComment(
      h.services,
      staff,
      "appeal",
      id,
      ZCommentInput.parse({ body: "Проверить на месте", visibility: "internal" }),
    );
    await postComment(h.services, staff, "appeal", id, ZCommentInput.parse({ body: "Выезжаем в четверг" }));
    const actions = async (caller: TSessionUser) =>
      (await getAppeal(h.services, caller, id, "ru")).history.map((e) => e.action);
    expect(await actions(client)).toEqual(["create", "comment"]);
    expect(await actions(staff)).toEqual(["create", "internal_note", "comment"]);
  });
});

describe("handling an appeal", () => {
  it("goes through documents and a hearing to a refusal, telling the applicant at each step", async () => {
    const { id, number } = await appealOf(client);
    const worker = await employee(akimatId, "+77019990002");
    await move(staff, id, "assign", { assigneeId: worker.id });
    expect((await noticesOf(worker.id)).map((n) => n.kind)).toEqual(["appeal_assigned"]);
    await move(worker, id, "ask_documents", { request: "Приложите фото сектора." });
    expect((await getAppeal(h.services, client, id, "ru")).moves).toEqual(["withdraw", "add_documents"]);
    const token = await h.login(DEMO_PHONES.client);
    const photo = await file(token, PNG, "sector.png", "image/png");
    await move(client, id, "add_documents", { attachmentIds: [photo] });
    expect((await noticesOf(worker.id)).map((n) => n.kind)).toEqual(["appeal_assigned", "appeal_documents_added"]);
    // A refusal needs the hearing first.
    const answer = {
      outcome: "refused",
      facts: "Мусор вывозится по графику.",
      grounds: "Правила содержания кладбищ, п. 5.",
      actions: "Проверка проведена 02.04.2026.",
      howToComplain: "В вышестоящий орган или в суд в течение трёх месяцев.",
      signatoryName: "Жұмабаев Е. М.",
      signatoryPosition: "Руководитель отдела",
    };
    await expect(move(worker, id, "answer", answer)).rejects.toMatchObject({
      status: 422,
      fields: [{ path: "outcome", key: "validation.appeal_hearing_first" }],
    });
    // At least 3 working days ahead: from Wednesday 1 April, Monday 6 April.
    await expect(
      move(worker, id, "hearing_notice", { proposal: "Отказать.", hearingDate: "2026-04-03" }),
    ).rejects.toMatchObject({
      status: 422,
      fields: [{ path: "hearingDate", key: "validation.appeal_hearing_date", params: { date: "06.04.2026" } }],
    });
    await move(worker, id, "hearing_notice", {
      proposal: "Отказать.",
      hearingDate: "2026-04-06",
      hearingTime: "11:00",
    });
    await expect(move(worker, id, "answer", answer)).rejects.toMatchObject({
      fields: [{ path: "outcome", key: "validation.appeal_hearing_not_yet" }],
    });
    h.setNow(new Date("2026-04-06T08:00:00Z"));
    await move(worker, id, "answer", answer);
    const a = await getAppeal(h.services, client, id, "ru");
    expect(a).toMatchObject({ status: "answered", answer: { outcome: "refused", signatoryName: "Жұмабаев Е. М." } });
    expect(a.files).toHaveLength(1);
    expect(a.history.map((e) => e.action)).toEqual([
      "create",
      "assign",
      "ask_documents",
      "add_documents",
      "hearing_notice",
      "answer",
    ]);
    expect((await noticesOf(client.id)).map((n) => [n.kind, n.link])).toEqual([
      ["appeal_registered", `/client/goverment/requests/${id}`],
      ["appeal_in_work", `/client/goverment/requests/${id}`],
      ["appeal_documents_requested", `/client/goverment/requests/${id}`],
      ["appeal_hearing", `/client/goverment/requests/${id}`],
      ["appeal_answered", `/client/goverment/requests/${id}`],
    ]);
    const texts = (await sms()).filter((m) => m.phone === DEMO_PHONES.client).map((m) => m.text);
    expect(texts).toContain(
      `По обращению № ${number} вас приглашают на заслушивание 06.04.2026 11:00: подробности в личном кабинете.`,
    );
    expect(texts).toContain(`Дан ответ на обращение № ${number}: он в личном кабинете.`);
    // The answered appeal is read-only: no moves for anyone.
    expect(a.moves).toEqual([]);
  });

  it("is extended only by the akimat's head, up to two months, and its escalations follow the new due day", async () => {
    const { id } = await appealOf(client);
    const worker = await employee(akimatId, "+77019990003");
    await move(staff, id, "assign", { assigneeId: worker.id });
    await expect(move(worker, id, "extend", { reason: "Выезд.", until: "2026-05-20" })).rejects.toMatchObject({
      status: 403,
      code: "not_akimat_admin",
    });
    // Registered 1 April: two months on is 1 June (Monday).
    await expect(move(staff, id, "extend", { reason: "Выезд.", until: "2026-06-02" })).rejects.toMatchObject({
      fields: [{ path: "until", key: "validation.appeal_extension_date", params: { date: "01.06.2026" } }],
    });
    // The old escalation's day: nobody is told any more.
    await move(staff, id, "extend", { reason: "Нужен выезд на кладбище.", until: "2026-05-20" });
    h.setNow(new Date("2026-04-20T04:00:01Z"));
    await h.runQueue();
    expect((await noticesOf(worker.id)).map((n) => n.kind)).toEqual(["appeal_assigned"]);
    // Two working days before 20 May (Wednesday): Monday 18 May, 09:00; then the day itself.
    h.setNow(new Date("2026-05-18T04:00:01Z"));
    await h.runQueue();
    await h.runQueue();
    h.setNow(new Date("2026-05-20T04:00:01Z"));
    await h.runQueue();
    const told = async (u: number) => (await noticesOf(u)).filter((n) => n.kind.startsWith("appeal_due"));
    expect((await told(worker.id)).map((n) => [n.kind, n.params])).toEqual([
      ["appeal_due_soon", { number: `${akimatId}-2026-000001`, due: "20.05.2026" }],
      ["appeal_due_today", { number: `${akimatId}-2026-000001`, due: "20.05.2026" }],
    ]);
    expect((await told(staff.id)).map((n) => n.kind)).toEqual(["appeal_due_soon", "appeal_due_today"]);
    const a = await getAppeal(h.services, client, id, "ru");
    expect(a.extension).toMatchObject({ until: "2026-05-20", reason: "Нужен выезд на кладбище." });
    expect(a.countdown).toMatchObject({ dueDay: "2026-05-20", daysLeft: 0, isDueSoon: true });
    expect((await noticesOf(client.id)).map((n) => n.kind)).toContain("appeal_extended");
  });

  it("redirects to another akimat of the platform: closed here, registered there under its number, files readable there", async () => {
    const other = await ensureAkimat(h.db, {
      nameRu: "Акимат города Конаев",
      nameKk: "Қонаев қаласының әкімдігі",
      city: "Конаев",
    });
    const [head] = await h.db
      .insert(users)
      .values({
        phone: "+77019990004",
        role: "akimat",
        akimatId: other,
        akimatRole: "admin",
        surname: "Омаров",
        name: "Арман",
      })
      .returning();
    const token = await h.login(DEMO_PHONES.client);
    const scan = await file(token);
    const { id, number } = await appealOf(client, { attachmentIds: [scan] });
    await move(staff, id, "redirect", { toAkimatId: other, reason: "Кладбище в ведении Конаева." });
    const [moved] = await h.db
      .select()
      .from(appeals)
      .where(and(eq(appeals.redirectedFromId, id)));
    expect(moved).toMatchObject({
      akimatId: other,
      number: `${other}-2026-000001`,
      status: "registered",
      applicantId: client.id,
    });
    expect((await noticesOf(head?.id as number)).map((n) => n.kind)).toEqual(["appeal_received"]);
    const theirs = await sessionOf("+77019990004");
    const there = await getAppeal(h.services, theirs, moved?.id as number, "ru");
    expect(there.redirectedFrom).toEqual({ id, number });
    const res = await h.request("GET", `/uploads/${scan}`, { token: await h.login("+77019990004") });
    expect(res.status).toBe(200);
    expect((await getAppeal(h.services, client, id, "kk")).redirect).toMatchObject({
      toAkimat: { id: other, name: "Қонаев қаласының әкімдігі" },
    });
    expect((await sms()).map((m) => m.text)).toContain(
      `Обращение № ${number} направлено по компетенции: Акимат города Конаев.`,
    );
  });
});

describe("the receipt (PDF)", () => {
  const render = async (caller: TSessionUser, id: number) => {
    const { pdf, fileName } = await appealReceipt(h.db, caller, id, WED);
    // Lines as laid out, joined with spaces (a long value wraps).
    return { pdf, fileName, text: pdfText(pdf).join(" ").replace(/\s+/g, " ") };
  };

  it("prints the number, registration, body, type, applicant, due day and 'registered automatically'", async () => {
    const { id, number } = await appealOf(client);
    const { text, fileName } = await render(client, id);
    expect(fileName).toBe(`Талон обращения ${number}`);
    for (const part of [
      "Талон о регистрации обращения",
      number,
      "01.04.2026, 10:00",
      "Заявление",
      "Иванова Мария Петровна",
      "22.04.2026 (15 рабочих дней со дня регистрации)",
      "Зарегистрировано автоматически на портале «Память»",
    ]) {
      expect(text).toContain(part);
    }
    await expect(appealReceipt(h.db, supplier, id, WED)).rejects.toMatchObject({ status: 404 });
  });

  it("renders the Kazakh letters with the embedded DejaVu Sans and names who took an oral appeal", async () => {
    const { id } = await createOralAppeal(
      h.services,
      staff,
      ZOralAppeal.parse({
        channel: "phone",
        surname: "Әбілқайыр",
        name: "Ғалым",
        patronymic: "Құдайбергенұлы",
        phone: "+77015554434",
        type: "complaint",
        subject: "Қоршау, ұңғыма, үй, һәм Іле",
        text: "Қабір маңындағы қоршау сынған.",
        language: "kk",
      }),
    );
    const { pdf, text } = await render(staff, id);
    const raw = Buffer.from(pdf).toString("latin1");
    expect(raw).toMatch(/\/FontFile2 \d+ 0 R/);
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSans/);
    expect(text).not.toContain("\uFFFD");
    for (const letter of ["ә", "ғ", "қ", "ң", "ө", "ұ", "ү", "һ", "і", "Ә", "Ғ", "Қ", "І"])
      expect(text).toContain(letter);
    expect(text).toContain("Өтінішті тіркеу туралы талон");
    expect(text).toContain("Алматы қаласының әкімдігі");
    expect(text).toContain("Әбілқайыр Ғалым Құдайбергенұлы");
    expect(text).toContain("Шағым");
    expect(text).toContain("Жұмабаев Е. М., Руководитель отдела");
  });
});
