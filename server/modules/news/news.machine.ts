import type { NewsMove, NewsStatus } from "../../../common/api-types.ts";
import { setUploadsPublic } from "../uploads/uploads.service.ts";
import { defineMachine } from "../workflow/workflow.ts";
import { news } from "./news.tables.ts";

export type TNewsRow = typeof news.$inferSelect;

/** Files of a news item are bound under this entity type. */
export const NEWS_FILES = "news";

/**
 * A news item's machine: written as a draft, published by its akimat's staff (its files turn
 * public with it; the first publication's date is kept), withdrawn to drafts (its files private
 * again). Publishing also needs a title and text in one language at least: the service checks
 * it before the move, to answer next to the title field.
 */
export const newsMachine = defineMachine<NewsStatus, TNewsRow, NewsMove>({
  entity: "news",
  table: news,
  statuses: ["draft", "published"],
  moves: {
    publish: {
      from: ["draft"],
      to: "published",
      by: "news.manage",
      set: ({ row, now }) => ({ publishedAt: row.publishedAt ?? now }),
      effects: (tx, _s, { row }) => setUploadsPublic(tx, NEWS_FILES, row.id, true),
    },
    unpublish: {
      from: ["published"],
      to: "draft",
      by: "news.manage",
      effects: (tx, _s, { row }) => setUploadsPublic(tx, NEWS_FILES, row.id, false),
    },
  },
});
