import type { NewsMove } from "../../../common/api-types.ts";
import { AppError } from "../../lib/errors.ts";
import { newsScope } from "../access/access.service.ts";
import { setUploadsPublic } from "../uploads/uploads.service.ts";
import { defineMachine, type MoveOf, type SameNames } from "../workflow/workflow.ts";
import { news } from "./news.tables.ts";

export type TNewsRow = typeof news.$inferSelect;

/** Files of a news item are bound under this entity type. */
export const NEWS_FILES = "news";

/**
 * A news item's machine: written as a draft, published by its akimat's staff (its files turn
 * public with it; the first publication's date is kept), withdrawn to drafts (its files private
 * again). Publishing needs a title and text in one language at least (answered next to the title
 * field). An akimat's staff reach their own akimat's news.
 */
export const newsMachine = defineMachine({
  entity: "news",
  table: news,
  statuses: ["draft", "published"],
  initial: "draft",
  scope: (caller) => newsScope(caller, news.akimatId),
  notFound: "news_not_found",
  moves: {
    publish: {
      from: ["draft"],
      to: "published",
      by: "news.manage",
      requires: async (_tx, row) =>
        (row.titleRu && row.contentRu) || (row.titleKk && row.contentKk)
          ? null
          : new AppError(422, "validation_failed", {}, [{ path: "titleRu", key: "validation.news_one_language" }]),
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

/** The machine's moves are the ones the API's schemas and the screens name. */
const _sameMoves: SameNames<MoveOf<typeof newsMachine>, NewsMove> = true;
