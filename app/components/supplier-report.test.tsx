import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import "../../common/catalogs.ts";
import { i18nFor } from "../../common/i18n.ts";
import type { Locale } from "../../common/locale.ts";
import type { TSupplierQualityList, TSupplierReport } from "../../common/supplier-reports.ts";
import { I18nContext } from "../lib/hooks.ts";
import { SupplierQualityList, SupplierReportView } from "./supplier-report.tsx";

function render(node: ReactNode, locale: Locale = "ru", path = "/") {
  const Stub = createRoutesStub([{ path: "/", Component: () => node }]);
  return renderToString(
    <I18nContext.Provider value={i18nFor(locale)}>
      <Stub initialEntries={[path]} />
    </I18nContext.Provider>,
  );
}

const quality = (over: Partial<TSupplierQualityList["items"][number]> = {}): TSupplierQualityList["items"][number] => ({
  supplier: { id: 7, name: "ТОО «Тыныштық»" },
  orders30: 19,
  cancelled30: 1,
  cancelShare30: 5.3,
  rating90: { mean: 3.9, count: 21 },
  isCancelFlagged: true,
  isRatingFlagged: true,
  ...over,
});

const REPORT: TSupplierReport = {
  supplier: { id: 7, name: "ТОО «Тыныштық»" },
  period: "7d",
  from: "2026-03-14",
  to: "2026-03-20",
  quality: quality(),
  sections: [
    {
      id: "summary",
      title: "Показатели периода",
      tables: [
        {
          id: "summary.figures",
          title: "Показатели",
          columns: [
            { label: "Показатель", isNumeric: false },
            { label: "Значение", isNumeric: true },
          ],
          rows: [{ cells: [{ value: "Заказы" }, { value: 12, drill: "f:orders" }] }],
        },
      ],
    },
  ],
};

describe("the suppliers' quality list", () => {
  it("says why each company is flagged, with its figures and its report, in both languages", () => {
    const items = [
      quality(),
      quality({
        supplier: { id: 8, name: "ТОО «Гүлдер»" },
        isCancelFlagged: false,
        isRatingFlagged: false,
        cancelShare30: null,
        orders30: 0,
        cancelled30: 0,
        rating90: { mean: null, count: 0 },
      }),
    ];
    const ru = render(<SupplierQualityList items={items} />);
    expect(ru).toContain("Нарушителей: 1");
    expect(ru).toContain("Отмен больше 5%");
    expect(ru).toContain("Рейтинг ниже 4,0");
    expect(ru).toContain("5,3% (1/19)");
    expect(ru).toContain("3,9 (21 отзыв)");
    expect(ru).toContain('href="/admin/suppliers/7/report"');
    expect(ru).toContain("В норме");
    const kk = render(<SupplierQualityList items={items} />, "kk");
    expect(kk).toContain("Болдырмау 5%-дан көп");
    expect(kk).toContain("3,9 (21 пікір)");
    expect(kk).toContain('href="/kk/admin/suppliers/7/report"');
  });
});

describe("a supplier's report page", () => {
  it("draws the period, the quality, the figures as links to their orders and the files", () => {
    const html = render(<SupplierReportView report={REPORT} open={null} title="Отчёты и качество" isAdmin={false} />);
    expect(html).toContain("Отмены по вине поставщика за 30 дней: 5,3% (1 из 19)");
    expect(html).toContain('data-drill="f:orders"');
    expect(html).toContain("/api/v1/supplier-reports/export.xlsx?period=7d&amp;lang=ru");
    expect(html).not.toContain("supplierId=");
    const admin = render(<SupplierReportView report={REPORT} open={null} title="x" isAdmin />, "kk");
    expect(admin).toContain("/api/v1/supplier-reports/export.pdf?period=7d&amp;lang=kk&amp;supplierId=7");
    expect(admin).toContain("90 күндегі рейтинг: 3,9 (21 пікір)");
  });
});
