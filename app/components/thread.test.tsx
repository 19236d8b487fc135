import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import "../../common/catalogs.ts";
import type { TThread, TThreadComment } from "../../common/api-types.ts";
import { i18nFor } from "../../common/i18n.ts";
import type { Locale } from "../../common/locale.ts";
import { I18nContext } from "../lib/hooks.ts";
import { Thread } from "./thread.tsx";

const comment = (c: Partial<TThreadComment> & { id: number }): TThreadComment => ({
  body: "Текст",
  visibility: "participants",
  createdAt: "2026-11-23T06:05:00.000Z",
  author: { name: "Иванова Мария Петровна", side: "applicant", isMe: false },
  attachments: [],
  ...c,
});

const THREAD: TThread = {
  items: [
    comment({
      id: 3,
      body: 'Здравствуйте!\n<script>alert("x")</script>',
      author: { name: "Иванова Мария Петровна", side: "applicant", isMe: true },
      attachments: [{ id: "f1", url: "/api/v1/uploads/f1", name: "справка.pdf", size: 999, type: "application/pdf" }],
    }),
    comment({ id: 5, body: "Проверим.", author: { name: "Жұмабаев Ерлан", side: "staff", isMe: false } }),
    comment({
      id: 7,
      body: "Уже обращалась в 2025 году",
      visibility: "internal",
      author: { name: "Омарова Асель", side: "staff", isMe: false },
    }),
  ],
  hasOlder: true,
  total: 12,
  unread: 2,
  lastReadId: 3,
  isStaff: true,
  canWrite: true,
};

function render(thread: TThread, locale: Locale = "ru"): string {
  const Stub = createRoutesStub([
    { path: "/", Component: () => <Thread thread={thread} entityType="appeal" entityId={12} /> },
  ]);
  return renderToString(
    <I18nContext.Provider value={i18nFor(locale)}>
      <Stub initialEntries={["/?status=open"]} />
    </I18nContext.Provider>,
  );
}

describe("the thread on the server", () => {
  it("draws each comment's author, side, time and text as text, its files as links", () => {
    const html = render(THREAD);
    expect(html).toContain("Переписка");
    expect(html).toContain("Всего 12 сообщений");
    expect(html).toContain("2 новых сообщения");
    // The applicant's own comment: «Вы», the side, the time in Almaty, the markup as text.
    expect(html).toMatch(/<strong class="comment__author">Вы<\/strong><span class="comment__side">Заявитель<\/span>/);
    expect(html).toContain('dateTime="2026-11-23T06:05:00.000Z"');
    expect(html).toContain("23.11.2026, 11:05");
    expect(html).toContain("Здравствуйте!\n&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(html).not.toContain("<script>alert");
    expect(html).toMatch(
      /<a class="comment__file" href="\/api\/v1\/uploads\/f1" target="_blank" rel="noreferrer">.*справка\.pdf<\/a>/,
    );
    expect(html).toContain('Жұмабаев Ерлан</strong><span class="comment__side">Сотрудник');
    // The "new" mark above the first unread comment of someone else; older ones by a link keeping the page's URL.
    expect(html.indexOf("thread-new")).toBeGreaterThan(html.indexOf('data-comment-id="3"'));
    expect(html.indexOf("thread-new")).toBeLessThan(html.indexOf("Проверим."));
    expect(html).toContain('href="/?status=open&amp;threadBefore=3"');
  });

  it("marks an internal note, and offers the staff the choice of whom they write to", () => {
    const html = render(THREAD);
    expect(html).toMatch(/class="comment comment--staff comment--internal"[^>]*data-comment-id="7"/);
    expect(html).toContain("Внутренняя заметка</strong> — видна только сотрудникам");
    expect(html).toContain('<input type="radio" name="visibility" checked="" value="participants"/>');
    expect(html).toContain('value="internal"');
    expect(html).toContain("только сотрудникам, заявитель её не увидит");
    expect(html).toContain('<input type="hidden" name="intent" value="comment"/>');
    expect(html).toContain('maxLength="4000"');
  });

  it("gives the applicant no choice of visibility, and a closed thread no form, in both languages", () => {
    const applicant = { ...THREAD, items: THREAD.items.slice(0, 2), isStaff: false, unread: 0 };
    const html = render(applicant);
    expect(html).not.toContain('name="visibility"');
    expect(html).not.toContain("thread-new");
    expect(html).toContain("thread-form");
    const closed = render({ ...applicant, canWrite: false }, "kk");
    expect(closed).not.toContain("thread-form");
    expect(closed).toContain("Хат алмасу жабық: жаңа хабарламалар қабылданбайды.");
    expect(closed).toContain("Өтінім беруші");
    expect(render({ ...applicant, items: [], total: 0, hasOlder: false })).toContain("Сообщений пока нет.");
  });
});
