import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import "../../common/catalogs.ts";
import { i18nFor } from "../../common/i18n.ts";
import type { Locale } from "../../common/locale.ts";
import type { TPublicReviewPage } from "../../common/review-schemas.ts";
import { I18nContext } from "../lib/hooks.ts";
import { ReviewForm } from "./review-form.tsx";
import { ReviewList } from "./review-list.tsx";

const PAGE: TPublicReviewPage = {
  items: [
    {
      id: 7,
      rating: 4,
      text: "Венок привезли вовремя.",
      textHidden: false,
      excludedFromRating: false,
      photos: [{ id: "p1", url: "/api/v1/uploads/p1", name: "p.png", size: 100, type: "image/png" }],
      item: { id: 3, name: "Венок" },
      author: "Мария И.",
      createdAt: "2026-11-24T06:00:00.000Z",
      reply: { text: "Спасибо!", at: "2026-11-25T06:00:00.000Z" },
    },
    {
      id: 8,
      rating: 1,
      text: null,
      textHidden: true,
      excludedFromRating: true,
      photos: [],
      item: { id: 3, name: "Венок" },
      author: "Ерлан Ж.",
      createdAt: "2026-11-23T06:00:00.000Z",
      reply: null,
    },
  ],
  total: 12,
  page: 1,
  pageSize: 10,
  rating: { mean: 4.8, count: 11 },
};

function render(node: ReactNode, locale: Locale = "ru", path = "/") {
  const Stub = createRoutesStub([{ path: "/", Component: () => node }]);
  return renderToString(
    <I18nContext.Provider value={i18nFor(locale)}>
      <Stub initialEntries={[path]} />
    </I18nContext.Provider>,
  );
}

describe("the public list of reviews", () => {
  it("shows the mean and the count, the stars, the text or the moderator's note, photos, replies and pages", () => {
    const html = render(<ReviewList page={PAGE} />);
    expect(html).toContain("4,8 из 5");
    expect(html).toContain("11 отзывов");
    expect(html).toContain('aria-label="Оценка: 4 из 5"');
    expect(html).toContain("Венок привезли вовремя.");
    expect(html).toContain("текст скрыт модератором");
    expect(html).toContain("Не учитывается в рейтинге");
    expect(html).toContain('src="/api/v1/uploads/p1"');
    expect(html).toContain("Ответ поставщика");
    expect(html).toContain("Спасибо!");
    expect(html).toContain("Страница 1 из 2");
    expect(html).toContain('href="/?rating=5"');
  });

  it("says there are no ratings yet, in Kazakh too", () => {
    const html = render(<ReviewList page={{ ...PAGE, items: [], total: 0, rating: { mean: null, count: 0 } }} />, "kk");
    expect(html).toContain("Әзірге баға жоқ");
    expect(html).toContain("Әзірге пікір жоқ.");
    expect(html).not.toContain("rating=5");
  });
});

describe("the review form", () => {
  it("asks for 1–5 stars as named radio buttons, the text and photos, for a new review of a line", () => {
    const html = render(<ReviewForm lineId={42} />);
    expect(html).toContain('name="lineId" value="42"');
    expect(html).toContain('value="review-create"');
    for (const label of ["1 звезда", "2 звезды", "5 звёзд"]) expect(html).toContain(`aria-label="${label}"`);
    expect(html).toContain("Отправить отзыв");
  });

  it("starts an edit from the review's stars and text", () => {
    const html = render(
      <ReviewForm
        review={{ id: 9, rating: 3, text: "Было хорошо.", photos: [], editableUntil: "2027-03-01T06:00:00.000Z" }}
      />,
      "kk",
    );
    expect(html).toContain('value="review-edit"');
    expect(html).toMatch(/value="3"[^>]*checked|checked[^>]*value="3"/);
    expect(html).toContain("Было хорошо.");
    expect(html).toContain("01.03.2027 дейін");
  });
});
