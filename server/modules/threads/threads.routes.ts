import { z } from "@hono/zod-openapi";
import { ZThread, ZThreadComment, ZThreadRead } from "../../../common/api-schemas.ts";
import { ZCommentInput, ZId, ZMarkThreadRead } from "../../../common/schemas.ts";
import { COMMENT_MAX_FILES, COMMENT_MAX_LENGTH, COMMENTS_PER_HOUR, THREAD_PAGE_SIZE } from "../../../common/threads.ts";
import { apiRoute, callerOf } from "../../lib/api-route.ts";
import { createRouter } from "../../lib/http.ts";
import { errorResponses, jsonBody, jsonResponse } from "../../lib/openapi.ts";
import { getThread, markThreadRead, postComment } from "./threads.service.ts";

/**
 * The thread's address: the entity's type as registered (`appeal`, …) and its id. Any short text
 * passes here, so an unknown type is the service's 404 like a missing entity, not a 422 that would
 * tell the registered types apart.
 */
const ZThreadParams = z.object({
  entityType: z.string().max(40).openapi({ example: "appeal" }),
  entityId: ZId,
});

/** Older comments: before a comment's id, `limit` at a time (the newest first is the default page). */
const ZThreadQuery = z.object({
  beforeId: ZId.optional(),
  limit: z
    .string()
    .optional()
    .transform((v) => Math.min(100, v && /^[0-9]{1,6}$/.test(v) ? Math.max(1, Number(v)) : THREAD_PAGE_SIZE))
    .openapi({ type: "integer", minimum: 1, maximum: 100, default: THREAD_PAGE_SIZE } as never),
});

const NOT_YOURS =
  "404 when the entity type has no thread, the entity does not exist, or the caller may not read it " +
  "(the same answer for each).";

/** The conversation of any entity that registered a thread (`registerThread`): read, write, mark read. */
export const threadRoutes = createRouter()
  .openapi(
    apiRoute({
      method: "get",
      permission: "signed-in",
      path: "/threads/{entityType}/{entityId}",
      tags: ["Threads"],
      summary: "An entity's conversation: the newest comments the caller may read, oldest first, with files",
      description:
        `Internal notes are listed only to the entity's staff. ${THREAD_PAGE_SIZE} comments by default; ` +
        `\`hasOlder\` says there are more: ask again with \`beforeId\` = the first item's id. ${NOT_YOURS}`,
      request: { params: ZThreadParams, query: ZThreadQuery },
      responses: { 200: jsonResponse(ZThread, "The thread"), ...errorResponses(401, 404, 422) },
    }),
    async (c) => {
      const { entityType, entityId } = c.req.valid("param");
      const q = c.req.valid("query");
      const thread = await getThread(c.get("services").db, callerOf(c), entityType, entityId, q);
      return c.json(thread, 200);
    },
  )
  .openapi(
    apiRoute({
      method: "post",
      permission: "signed-in",
      path: "/threads/{entityType}/{entityId}",
      tags: ["Threads"],
      summary: "Write a comment, or (the entity's staff) an internal note; the other people are told",
      description:
        `Plain text up to ${COMMENT_MAX_LENGTH} characters (line breaks kept, never read as HTML), and up to ` +
        `${COMMENT_MAX_FILES} files uploaded first by the caller (\`POST /uploads\`, purpose \`document\` or ` +
        "`photo`), by id. An internal note's files are read by the entity's staff only. " +
        `${COMMENTS_PER_HOUR} comments an hour per person (429). 403: an internal note by someone who is not ` +
        `staff; 409: the entity takes no more comments. ${NOT_YOURS}`,
      request: { params: ZThreadParams, body: jsonBody(ZCommentInput) },
      responses: {
        201: jsonResponse(ZThreadComment, "Posted"),
        ...errorResponses(401, 403, 404, 409, 422, 429),
      },
    }),
    async (c) => {
      const { entityType, entityId } = c.req.valid("param");
      const comment = await postComment(c.get("services"), callerOf(c), entityType, entityId, c.req.valid("json"));
      return c.json(comment, 201);
    },
  )
  .openapi(
    apiRoute({
      method: "post",
      permission: "signed-in",
      path: "/threads/{entityType}/{entityId}/read",
      tags: ["Threads"],
      summary: "Mark the thread read up to a comment the caller sees (the newest shown)",
      description: `The marker never moves back. A comment the caller does not see is a 422. ${NOT_YOURS}`,
      request: { params: ZThreadParams, body: jsonBody(ZMarkThreadRead) },
      responses: {
        200: jsonResponse(ZThreadRead, "The marker and the unread count"),
        ...errorResponses(401, 404, 422),
      },
    }),
    async (c) => {
      const { entityType, entityId } = c.req.valid("param");
      const s = c.get("services");
      const read = await markThreadRead(
        s.db,
        callerOf(c),
        entityType,
        entityId,
        c.req.valid("json").lastReadId,
        s.now(),
      );
      return c.json(read, 200);
    },
  );
