import type { TLink } from "../../../common/route-table.ts";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { translate } from "../../../common/i18n.ts";
import { ZCommentInput } from "../../../common/schemas.ts";
import { COMMENT_MAX_LENGTH, COMMENTS_PER_HOUR } from "../../../common/threads.ts";
import { ensureAkimat, ensureUser } from "../../db/seed.ts";
import { createHarness, type Harness, PNG } from "../../test/harness.ts";
import { auditLog } from "../audit/audit.tables.ts";
import { notifications } from "../notifications/notifications.tables.ts";
import { uploads } from "../uploads/uploads.tables.ts";
import { users } from "../users/users.tables.ts";
import { registerThread, threadCounts } from "./threads.service.ts";
import { threadComments } from "./threads.tables.ts";

/**
 * A test-only entity with a thread, so the module is tested before any real entity uses it: a
 * "case" of an akimat, filed by applicants (user ids). Its staff are the akimat's employees; a
 * closed case is read-only. Kept in memory: the thread module only ever asks the registration.
 */
type TCase = { akimatId: number; applicants: number[]; closed?: boolean };
const cases = new Map<number, TCase>();

registerThread("test_case", {
  access: async (_tx, caller, id) => {
    const c = cases.get(id);
    if (!c) return null;
    const staff = caller.role === "akimat" && caller.akimatId === c.akimatId;
    const participant = c.applicants.includes(caller.id);
    return staff || participant ? { staff, participant, canWrite: !c.closed } : null;
  },
  recipients: async (tx, id) => {
    const c = cases.get(id);
    if (!c) return { applicant: [], staff: [] };
    const staff = await tx.select({ id: users.id }).from(users).where(eq(users.akimatId, c.akimatId));
    return { applicant: c.applicants, staff: staff.map((s) => s.id) };
  },
  link: (id, forStaff) => (forStaff ? `/user/tickets/${id}` : `/client/cases/${id}`) as TLink,
  subject: async (_tx, id) => ({ ru: `Дело № ${id}`, kk: `№ ${id} іс` }),
});

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());

/** The people of the tests: the applicant, two employees of the case's akimat, and outsiders. */
let ids: { applicant: number; staff: number; colleague: number; otherClient: number; outsiderStaff: number };
let tokens: Record<keyof typeof ids | "manager" | "admin", string>;
const CASE = 1;

beforeEach(async () => {
  await h.reset();
  cases.clear();
  const idOf = async (phone: string) =>
    (await h.db.select({ id: users.id }).from(users).where(eq(users.phone, phone)))[0]?.id as number;
  const akimatId = (
    await h.db.select({ akimatId: users.akimatId }).from(users).where(eq(users.phone, h.phones.akimat))
  )[0]?.akimatId as number;
  const otherAkimat = await ensureAkimat(h.db, { nameRu: "Акимат Конаева", nameKk: "Қонаев әкімдігі", city: "Қонаев" });
  const staffOf = (phone: string, akimat: number, surname: string) =>
    ensureUser(h.db, { phone, role: "akimat", akimatId: akimat, akimatRole: "employee", surname, name: "Асель" });
  ids = {
    applicant: await idOf(h.phones.client),
    staff: await idOf(h.phones.akimat),
    colleague: await staffOf("+77010000102", akimatId, "Омарова"),
    otherClient: await ensureUser(h.db, { phone: "+77010000105", role: "client", surname: "Ким", name: "Олег" }),
    outsiderStaff: await staffOf("+77010000202", otherAkimat, "Серікова"),
  };
  tokens = {
    applicant: await h.login(h.phones.client),
    staff: await h.login(h.phones.akimat),
    colleague: await h.login("+77010000102"),
    otherClient: await h.login("+77010000105"),
    outsiderStaff: await h.login("+77010000202"),
    manager: await h.login(h.phones.manager),
    admin: await h.login(h.phones.admin),
  };
  cases.set(CASE, { akimatId, applicants: [ids.applicant] });
  cases.set(2, { akimatId, applicants: [ids.otherClient] });
});

const threadPath = (id: number | string = CASE, type = "test_case") => `/threads/${type}/${id}`;
const post = (token: string, body: Record<string, unknown>, id: number | string = CASE) =>
  h.request("POST", threadPath(id), { token, body });
const read = (token: string, query = "", id: number | string = CASE) =>
  h.request("GET", `${threadPath(id)}${query}`, { token });
const notesOf = (userId: number) => h.db.select().from(notifications).where(eq(notifications.userId, userId));
const fileStatus = async (token: string, id: string) => (await h.request("GET", `/uploads/${id}`, { token })).status;

describe("a thread between an entity's applicant and its staff", () => {
  it("lets both sides talk, with files, audited and told to the other side with each side's link", async () => {
    const scan = await h.upload(tokens.applicant);
    const asked = await post(tokens.applicant, { body: "Здравствуйте!\nПрилагаю справку.", attachmentIds: [scan] });
    expect(asked.status).toBe(201);
    expect(asked.json).toMatchObject({
      body: "Здравствуйте!\nПрилагаю справку.",
      visibility: "participants",
      author: { side: "applicant", isMe: true, name: "Иванова Мария Петровна" },
      attachments: [{ id: scan, name: "certificate.pdf" }],
    });

    // Both employees of the akimat are told, with the staff's link; the author is not.
    for (const id of [ids.staff, ids.colleague]) {
      expect(await notesOf(id)).toMatchObject([
        { kind: "comment_added", link: "/user/tickets/1", params: { subject_ru: "Дело № 1", subject_kk: "№ 1 іс" } },
      ]);
    }
    expect(await notesOf(ids.applicant)).toEqual([]);

    const answered = await post(tokens.staff, { body: "Справку получили, рассмотрим." });
    expect(answered.status).toBe(201);
    expect(answered.json.author).toMatchObject({ side: "staff", isMe: true, name: "Жұмабаев Ерлан Маратұлы" });
    const told = await notesOf(ids.applicant);
    expect(told).toMatchObject([{ kind: "comment_added", link: "/client/cases/1" }]);
    const [text] = (await h.request("GET", "/notifications", { token: tokens.applicant })).json.items;
    expect(text.text).toBe("Новое сообщение в переписке: Дело № 1.");

    // As the applicant reads it: the staff member's name and side, never a phone.
    const thread = await read(tokens.applicant);
    expect(thread.status).toBe(200);
    expect(thread.json).toMatchObject({ total: 2, unread: 1, lastReadId: null, isStaff: false, canWrite: true });
    expect(thread.json.items.map((c: { body: string }) => c.body)).toEqual([
      "Здравствуйте!\nПрилагаю справку.",
      "Справку получили, рассмотрим.",
    ]);
    expect(JSON.stringify(thread.json)).not.toContain("+7701");
    expect(thread.json.items[1].author).toEqual({ name: "Жұмабаев Ерлан Маратұлы", side: "staff", isMe: false });

    const audit = await h.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, "test_case"), eq(auditLog.entityId, "1")));
    expect(audit).toMatchObject([
      { action: "comment", actorId: ids.applicant, actorRole: "client", data: { commentId: asked.json.id, files: 1 } },
      { action: "comment", actorId: ids.staff, actorRole: "akimat", data: { commentId: answered.json.id, files: 0 } },
    ]);
  });

  it("never lets an internal note reach the applicant: not the list, the counts, its files nor notifications", async () => {
    await post(tokens.applicant, { body: "Когда будет ответ?" });
    const memo = await h.upload(tokens.staff, { name: "memo.pdf" });
    const note = await post(tokens.staff, {
      body: "СЕКРЕТНО: заявитель уже обращался",
      visibility: "internal",
      attachmentIds: [memo],
    });
    expect(note.status).toBe(201);
    expect(note.json.visibility).toBe("internal");

    // The list and its counts.
    const applicantView = await read(tokens.applicant);
    expect(applicantView.json).toMatchObject({ total: 1, unread: 0, isStaff: false });
    expect(JSON.stringify(applicantView.json)).not.toContain("СЕКРЕТНО");
    expect(JSON.stringify(applicantView.json)).not.toContain(memo);
    const staffView = await read(tokens.colleague);
    expect(staffView.json).toMatchObject({ total: 2, unread: 2, isStaff: true });
    expect(staffView.json.items[1]).toMatchObject({ visibility: "internal", attachments: [{ id: memo }] });

    // Its file: the staff of the case, never the applicant nor another akimat's staff.
    expect(await fileStatus(tokens.colleague, memo)).toBe(200);
    expect(await fileStatus(tokens.applicant, memo)).toBe(404);
    expect(await fileStatus(tokens.otherClient, memo)).toBe(404);
    expect(await fileStatus(tokens.outsiderStaff, memo)).toBe(404);

    // Notifications: the colleague is told of the note; the applicant of nothing (nor in params or link).
    const colleague = await notesOf(ids.colleague);
    expect(colleague.map((n) => n.kind)).toEqual(["comment_added", "internal_note_added"]);
    expect(colleague[1]).toMatchObject({ link: "/user/tickets/1" });
    expect(await notesOf(ids.applicant)).toEqual([]);
    expect(JSON.stringify(await h.db.select().from(notifications))).not.toContain("СЕКРЕТНО");

    // An applicant cannot mark an internal note read (the same 422 as an id of nothing), nor see its id.
    const probe = await h.request("POST", `${threadPath()}/read`, {
      token: tokens.applicant,
      body: { lastReadId: note.json.id },
    });
    expect(probe.status).toBe(422);
    expect(probe.json.error.fields).toEqual([{ path: "lastReadId", message: translate("ru", "validation.invalid") }]);

    // The audit row is the note's, on the entity.
    const [row] = await h.db.select().from(auditLog).where(eq(auditLog.action, "internal_note"));
    expect(row).toMatchObject({ entityType: "test_case", entityId: "1", actorId: ids.staff });
  });

  it("refuses an internal note from the applicant (403), and a post to a closed entity (409)", async () => {
    const res = await post(tokens.applicant, { body: "Только для сотрудников?", visibility: "internal" });
    expect(res.status).toBe(403);
    expect(await h.db.select().from(threadComments)).toEqual([]);

    (cases.get(CASE) as TCase).closed = true;
    const closed = await post(tokens.staff, { body: "Ещё одно" });
    expect(closed.status).toBe(409);
    expect(closed.json.error).toMatchObject({
      code: "thread_closed",
      message: translate("ru", "errors.thread_closed"),
    });
    expect((await read(tokens.applicant)).json).toMatchObject({ canWrite: false, total: 0 });
  });

  it("answers 404 to outsiders, to an entity that does not exist and to a type nobody registered; 422 to a bad id", async () => {
    await post(tokens.applicant, { body: "Вопрос" });
    const outsiders = ["otherClient", "outsiderStaff", "manager", "admin"] as const;
    for (const who of outsiders) {
      const token = tokens[who];
      expect((await read(token)).status, who).toBe(404);
      expect((await post(token, { body: "Я тоже" })).status, who).toBe(404);
      expect((await h.request("POST", `${threadPath()}/read`, { token, body: { lastReadId: 1 } })).status, who).toBe(
        404,
      );
    }
    // Another case's applicant is an outsider of this one, and this one's of theirs.
    expect((await read(tokens.applicant, "", 2)).status).toBe(404);
    const missing = await read(tokens.staff, "", 999);
    expect(missing.status).toBe(404);
    expect(missing.json.error).toMatchObject({ code: "thread_not_found", message: "Переписка не найдена." });
    const unknown = await h.request("GET", threadPath(CASE, "appeal_of_nobody"), { token: tokens.staff });
    expect(unknown.status).toBe(404);
    expect(unknown.json.error.code).toBe("thread_not_found");
    for (const bad of ["0", "abc", "2147483648", "-1"]) {
      expect((await read(tokens.staff, "", bad)).status, bad).toBe(422);
    }
    expect((await read(tokens.staff, "?beforeId=0")).status).toBe(422);
    expect(await h.db.select().from(threadComments)).toHaveLength(1);
    expect((await h.request("GET", threadPath(), {})).status).toBe(401);
  });
});

describe("what a comment may hold", () => {
  it("keeps plain text as text: markup stays literal, line breaks are kept, controls and overrides dropped", async () => {
    const body = '<script>alert("x")</script>\r\n<b>жирный</b>\r\n\u202eреверс\u0007\n  ';
    const res = await post(tokens.applicant, { body });
    expect(res.status).toBe(201);
    expect(res.json.body).toBe('<script>alert("x")</script>\n<b>жирный</b>\nреверс');
    const [stored] = await h.db.select().from(threadComments);
    expect(stored?.body).toBe('<script>alert("x")</script>\n<b>жирный</b>\nреверс');
    expect((await read(tokens.staff)).json.items[0].body).toBe(stored?.body);
  });

  it("refuses a NUL, an empty text and a text over the limit, with translated messages", async () => {
    expect((await post(tokens.applicant, { body: "до\u0000после" })).status).toBe(400);
    // The same schema checks a form's post before it reaches the API.
    expect(ZCommentInput.safeParse({ body: "до\u0000после" }).error?.issues[0]?.message).toBe("validation.invalid");
    const empty = await post(tokens.applicant, { body: " \n\t " });
    expect(empty.status).toBe(422);
    expect(empty.json.error.fields).toEqual([{ path: "body", message: "Заполните это поле." }]);
    const long = await h.request("POST", threadPath(), {
      token: tokens.applicant,
      body: { body: "я".repeat(COMMENT_MAX_LENGTH + 1) },
      headers: { "accept-language": "kk" },
    });
    expect(long.status).toBe(422);
    expect(long.json.error.fields).toEqual([
      { path: "body", message: translate("kk", "validation.too_long", { max: COMMENT_MAX_LENGTH }) },
    ]);
    expect((await post(tokens.applicant, { body: "я".repeat(COMMENT_MAX_LENGTH) })).status).toBe(201);
    expect(await h.db.select().from(threadComments)).toHaveLength(1);
  });

  it("takes up to 5 of the caller's own unattached uploads, and refuses anyone else's", async () => {
    const six = await Promise.all(Array.from({ length: 6 }, () => h.upload(tokens.applicant)));
    const tooMany = await post(tokens.applicant, { body: "Шесть файлов", attachmentIds: six });
    expect(tooMany.status).toBe(422);
    expect(tooMany.json.error.fields).toEqual([
      { path: "attachmentIds", message: "Не больше 5 файлов к одному сообщению." },
    ]);

    const theirs = await h.upload(tokens.otherClient, {
      purpose: "photo",
      bytes: PNG,
      name: "x.png",
      type: "image/png",
    });
    const foreign = await post(tokens.applicant, { body: "Чужой файл", attachmentIds: [six[0], theirs] });
    expect(foreign.status).toBe(422);
    expect(foreign.json.error.fields).toEqual([
      { path: "attachmentIds", message: "Файлы не найдены: загрузите их заново." },
    ]);
    // Refused as a whole: no comment, no audit row, no file bound.
    expect(await h.db.select().from(threadComments)).toEqual([]);
    expect(await h.db.select().from(auditLog).where(eq(auditLog.entityType, "test_case"))).toEqual([]);

    const five = six.slice(0, 5) as string[];
    const ok = await post(tokens.applicant, { body: "Пять файлов", attachmentIds: five });
    expect(ok.status).toBe(201);
    expect(ok.json.attachments).toHaveLength(5);
    const bound = await h.db.select().from(uploads).where(inArray(uploads.id, five));
    expect(bound.every((u) => u.entityType === "thread_comment" && u.entityId === String(ok.json.id))).toBe(true);
    // A file already bound to a comment cannot be bound again.
    const again = await post(tokens.applicant, { body: "Ещё раз", attachmentIds: [five[0]] });
    expect(again.status).toBe(422);

    // A participants' comment's files: the staff and the applicant, nobody else.
    expect(await fileStatus(tokens.colleague, five[0] as string)).toBe(200);
    expect(await fileStatus(tokens.otherClient, five[0] as string)).toBe(404);
    expect(await fileStatus(tokens.outsiderStaff, five[0] as string)).toBe(404);
  });

  it(`limits a person to ${COMMENTS_PER_HOUR} comments an hour, counted in the database, even when sent at once`, async () => {
    const start = new Date("2026-11-23T06:00:00Z");
    h.setNow(start);
    const results = await Promise.all(
      Array.from({ length: COMMENTS_PER_HOUR + 3 }, (_, i) => post(tokens.staff, { body: `№ ${i}` })),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(COMMENTS_PER_HOUR);
    const refused = results.filter((r) => r.status === 429);
    expect(refused).toHaveLength(3);
    expect(refused[0]?.json.error.message).toBe(
      `Слишком много сообщений: не больше ${COMMENTS_PER_HOUR} в час. Попробуйте позже.`,
    );
    // Someone else still may; the same person again an hour later.
    expect((await post(tokens.applicant, { body: "А я могу" })).status).toBe(201);
    h.setNow(new Date(start.getTime() + 3600_000 + 1000));
    expect((await post(tokens.staff, { body: "Через час" })).status).toBe(201);
  });
});

describe("reading a thread", () => {
  it("counts the unread comments of others after the read marker, which never moves back", async () => {
    const own = await post(tokens.applicant, { body: "Моё" });
    const replies = [];
    for (const body of ["Первый", "Второй", "Третий"]) replies.push((await post(tokens.staff, { body })).json.id);
    await post(tokens.staff, { body: "Внутреннее", visibility: "internal" });
    expect((await read(tokens.applicant)).json).toMatchObject({ unread: 3, lastReadId: null });
    // The colleague has read nothing: the applicant's comment, three replies and the note.
    expect((await read(tokens.colleague)).json.unread).toBe(5);

    const mark = (token: string, lastReadId: number) =>
      h.request("POST", `${threadPath()}/read`, { token, body: { lastReadId } });
    expect((await mark(tokens.applicant, replies[1])).json).toEqual({ lastReadId: replies[1], unread: 1 });
    expect((await mark(tokens.applicant, own.json.id)).json).toEqual({ lastReadId: replies[1], unread: 1 });
    expect((await read(tokens.applicant)).json).toMatchObject({ unread: 1, lastReadId: replies[1] });
    expect((await mark(tokens.applicant, replies[2])).json.unread).toBe(0);
    // A comment of another thread, or of nothing, is not a marker of this one.
    const elsewhere = await post(tokens.otherClient, { body: "Другое дело" }, 2);
    expect((await mark(tokens.applicant, elsewhere.json.id)).status).toBe(422);
    expect((await mark(tokens.applicant, 99999)).status).toBe(422);
    expect((await mark(tokens.applicant, 0)).status).toBe(422);
    // The staff's read of the same thread is their own.
    expect((await read(tokens.staff)).json.unread).toBe(1);

    // Counts for a list of entities, as an appeals list will show them.
    // (The list's module scopes the ids: the applicant's own cases only.)
    const forApplicant = await threadCounts(h.db, { id: ids.applicant }, "test_case", [CASE], false);
    expect(Object.fromEntries(forApplicant)).toEqual({ [CASE]: { total: 4, unread: 0 } });
    const forColleague = await threadCounts(h.db, { id: ids.colleague }, "test_case", [CASE, 2], true);
    expect(Object.fromEntries(forColleague)).toEqual({ [CASE]: { total: 5, unread: 5 }, 2: { total: 1, unread: 1 } });
  });

  it("shows the newest comments first page, oldest first, and older ones before an id", async () => {
    const posted = [];
    for (let i = 1; i <= 5; i++) posted.push((await post(tokens.applicant, { body: `Сообщение ${i}` })).json.id);
    const newest = await read(tokens.staff, "?limit=2");
    expect(newest.json.items.map((c: { id: number }) => c.id)).toEqual(posted.slice(3));
    expect(newest.json).toMatchObject({ hasOlder: true, total: 5 });
    const older = await read(tokens.staff, `?limit=2&beforeId=${posted[3]}`);
    expect(older.json.items.map((c: { id: number }) => c.id)).toEqual(posted.slice(1, 3));
    const oldest = await read(tokens.staff, `?limit=2&beforeId=${posted[1]}`);
    expect(oldest.json).toMatchObject({ hasOlder: false, items: [{ id: posted[0] }] });
  });

  it("keeps a removed author's comments, without a name", async () => {
    await post(tokens.colleague, { body: "Ответ бывшего сотрудника" });
    await h.db.delete(users).where(eq(users.id, ids.colleague));
    const [c] = (await read(tokens.applicant)).json.items;
    expect(c.author).toEqual({ name: null, side: "staff", isMe: false });
  });
});
