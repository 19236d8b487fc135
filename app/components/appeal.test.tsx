import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import "../../common/catalogs.ts";
import type { TAppealCountdown } from "../../common/appeal-deadlines.ts";
import type { TAppealListItem } from "../../common/appeal-schemas.ts";
import { i18nFor } from "../../common/i18n.ts";
import type { Locale } from "../../common/locale.ts";
import { appealArea, appealListFilter, appealPages } from "../lib/appeal-area.ts";
import { I18nContext } from "../lib/hooks.ts";
import { AppealRow, appealCountdownText } from "./appeal.tsx";

const open = (daysLeft: number, extra: Partial<TAppealCountdown> = {}): TAppealCountdown => ({
  dueDay: "2026-04-22",
  daysLeft,
  isOverdue: daysLeft < 0,
  isDueSoon: daysLeft >= 0 && daysLeft <= 2,
  ...extra,
});

describe("an appeal's countdown in working days", () => {
  const ru = i18nFor("ru").t;
  const kk = i18nFor("kk").t;

  it("counts the working days left, with the plural each language needs", () => {
    expect(appealCountdownText(ru, open(15))).toEqual({ text: "осталось 15 рабочих дней", tone: "neutral" });
    expect(appealCountdownText(ru, open(3))).toEqual({ text: "осталось 3 рабочих дня", tone: "neutral" });
    expect(appealCountdownText(ru, open(1))).toEqual({ text: "осталось 1 рабочий день", tone: "wait" });
    expect(appealCountdownText(ru, open(21))?.text).toBe("осталось 21 рабочий день");
    expect(appealCountdownText(kk, open(3))?.text).toBe("3 жұмыс күні қалды");
  });

  it("says the due day is today, then how long ago it passed", () => {
    expect(appealCountdownText(ru, open(0))).toEqual({ text: "сегодня последний день срока", tone: "wait" });
    expect(appealCountdownText(kk, open(0))?.text).toBe("бүгін — мерзімнің соңғы күні");
    expect(appealCountdownText(ru, open(-1))).toEqual({ text: "просрочено на 1 рабочий день", tone: "stop" });
    expect(appealCountdownText(ru, open(-5))?.text).toBe("просрочено на 5 рабочих дней");
    expect(appealCountdownText(kk, open(-2))?.text).toBe("мерзімі 2 жұмыс күнге өтіп кетті");
  });

  it("shows nothing once the appeal is closed (no term runs)", () => {
    expect(
      appealCountdownText(ru, { dueDay: "2026-04-22", daysLeft: null, isOverdue: false, isDueSoon: false }),
    ).toBeNull();
  });
});

const ITEM: TAppealListItem = {
  id: 12,
  number: "1-2026-000012",
  status: "in_work",
  type: "complaint",
  channel: "web",
  subject: "Уборка сектора Б",
  akimatName: "Акимат города Алматы",
  applicantName: "Иванова Мария",
  applicantPhone: "+77010000005",
  applicantIin: null,
  assigneeName: null,
  registeredAt: "2026-04-01T05:00:00.000Z",
  countdown: open(-2),
};

function renderRow(item: TAppealListItem, locale: Locale = "ru") {
  const Stub = createRoutesStub([
    { path: "/", Component: () => <AppealRow a={item} href="/client/goverment/requests/12" /> },
  ]);
  return renderToString(
    <I18nContext.Provider value={i18nFor(locale)}>
      <Stub />
    </I18nContext.Provider>,
  );
}

describe("an appeal in the applicant's list", () => {
  it("links its page and shows the status, kind, subject, registration, due day, countdown and the overdue flag", () => {
    const html = renderRow(ITEM);
    expect(html).toContain('href="/client/goverment/requests/12"');
    expect(html).toContain("Обращение № 1-2026-000012");
    expect(html).toContain("В работе");
    expect(html).toContain("Жалоба");
    expect(html).toContain("Уборка сектора Б");
    expect(html).toContain("Зарегистрировано 01.04.2026, 10:00");
    expect(html).toContain("Ответ до 22.04.2026");
    expect(html).toContain("просрочено на 2 рабочих дня");
    expect(html).toContain('data-testid="appeal-overdue"');
  });

  it("drops the countdown and the flag once closed, in Kazakh too", () => {
    const html = renderRow(
      {
        ...ITEM,
        status: "answered",
        subject: "",
        countdown: { ...open(0), daysLeft: null, isOverdue: false, isDueSoon: false },
      },
      "kk",
    );
    expect(html).toContain("Жауап берілді");
    expect(html).toContain("Тақырыпсыз");
    expect(html).not.toContain("appeal-countdown");
    expect(html).not.toContain("appeal-overdue");
  });
});

describe("the applicant's areas", () => {
  it("tells the supplier's pages from the client's, in both languages, and links each area's own", () => {
    expect(appealArea("/supplier/goverment/requests/5")).toBe("supplier");
    expect(appealArea("/kk/supplier/goverment/create")).toBe("supplier");
    expect(appealArea("/kk/client/goverment/requests")).toBe("client");
    expect(appealArea("/client/appeal")).toBe("client");
    expect(appealPages("supplier").item(5)).toBe("/supplier/goverment/requests/5");
    expect(appealPages("client").about).toBe("/client/appeal");
    expect(appealPages("supplier").create).toBe("/supplier/goverment/create");
  });

  it("reads the list's filter from the URL, anything unknown as all", () => {
    expect(appealListFilter("open")).toBe("open");
    expect(appealListFilter("closed")).toBe("closed");
    expect(appealListFilter("answered")).toBe("all");
    expect(appealListFilter(null)).toBe("all");
  });
});
