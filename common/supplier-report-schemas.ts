/**
 * A supplier's report and the admin's quality list in the API, as zod schemas. The report's
 * sections are the city report's generic ones (`report-schemas.ts`: tables of cells, each figure
 * carrying the key of the rows behind it), so the same page, charts and XLSX / PDF writers draw it.
 */
import { z } from "zod";
import { DRILL_QUERY, ZReportSection } from "./report-schemas.ts";
import { ZId } from "./schemas.ts";
import { SUPPLIER_PERIODS } from "./supplier-reports.ts";

const QUERY = {
  period: z.enum(SUPPLIER_PERIODS).optional(),
  /** The admin names the supplier; a supplier's people see their own company (another's id is a 404). */
  supplierId: ZId.optional(),
  lang: z.enum(["ru", "kk"]).optional(),
};

/** The query of a supplier's report and its files. */
export const ZSupplierReportQuery = z.object(QUERY);

/** The rows behind a figure: the report's query, the figure's `drill` key, the page (20 rows, at most 100). */
export const ZSupplierReportRowsQuery = z.object({ ...QUERY, ...DRILL_QUERY });

export const ZSupplierQuality = z
  .object({
    /** Orders placed in the last 30 days, those the supplier cancelled, their share in percent (null without orders). */
    orders30: z.number(),
    cancelled30: z.number(),
    cancelShare30: z.number().nullable(),
    /** The 90-day rating: plain mean (one decimal, null without reviews) and count. */
    rating90: z.object({ mean: z.number().nullable(), count: z.number() }),
    isCancelFlagged: z.boolean(),
    isRatingFlagged: z.boolean(),
  })
  .meta({ id: "SupplierQuality" });

export const ZSupplierReport = z
  .object({
    supplier: z.object({ id: z.number(), name: z.string() }),
    period: z.enum(SUPPLIER_PERIODS),
    from: z.string(),
    to: z.string(),
    quality: ZSupplierQuality,
    sections: z.array(ZReportSection),
  })
  .meta({ id: "SupplierReport" });

export const ZSupplierQualityList = z
  .object({
    items: z.array(
      ZSupplierQuality.extend({
        supplier: z.object({ id: z.number(), name: z.string() }),
      }),
    ),
  })
  .meta({ id: "SupplierQualityList" });
