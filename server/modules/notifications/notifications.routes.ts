import { z } from "@hono/zod-openapi";
import { ZNotificationPage } from "../../../common/api-schemas.ts";
import { apiRoute, callerOf } from "../../lib/api-route.ts";
import { createRouter } from "../../lib/http.ts";
import { listQuery } from "../../lib/list.ts";
import { errorResponses, jsonResponse, ZIdParam, ZOk } from "../../lib/openapi.ts";
import { countUnread, listNotifications, markAllRead, markRead } from "./notifications.service.ts";

/** The notifications' list: newest first, 20 a page; `unread=1` for the unread only. */
const ZNotificationList = listQuery({
  sort: ["createdAt"],
  defaultSort: "-createdAt",
  filters: { unread: z.enum(["1", "0"]) },
});

export const notificationRoutes = createRouter()
  .openapi(
    apiRoute({
      method: "get",
      permission: "signed-in",
      path: "/notifications",
      tags: ["Notifications"],
      summary: "The caller's notifications, newest first, 20 a page",
      request: { query: ZNotificationList },
      responses: {
        200: jsonResponse(ZNotificationPage, "Notifications"),
        ...errorResponses(401),
      },
    }),
    async (c) => {
      const user = callerOf(c);
      const q = c.req.valid("query");
      const result = await listNotifications(c.get("services").db, user.id, c.get("locale"), {
        page: q.page,
        pageSize: q.pageSize,
        unreadOnly: q.unread === "1",
      });
      return c.json(result, 200);
    },
  )
  .openapi(
    apiRoute({
      method: "get",
      permission: "signed-in",
      path: "/notifications/unread-count",
      tags: ["Notifications"],
      summary: "How many of the caller's notifications are unread",
      responses: { 200: jsonResponse(z.object({ unread: z.number() }), "Count"), ...errorResponses(401) },
    }),
    async (c) => {
      const user = callerOf(c);
      return c.json({ unread: await countUnread(c.get("services").db, user.id) }, 200);
    },
  )
  .openapi(
    apiRoute({
      method: "post",
      permission: "signed-in",
      path: "/notifications/{id}/read",
      tags: ["Notifications"],
      summary: "Mark one notification read",
      request: { params: ZIdParam },
      responses: { 200: jsonResponse(ZOk, "Marked"), ...errorResponses(401, 404) },
    }),
    async (c) => {
      const user = callerOf(c);
      const s = c.get("services");
      await markRead(s.db, user.id, c.req.valid("param").id, s.now());
      return c.json({ ok: true as const }, 200);
    },
  )
  .openapi(
    apiRoute({
      method: "post",
      permission: "signed-in",
      path: "/notifications/read-all",
      tags: ["Notifications"],
      summary: "Mark all the caller's notifications read",
      responses: { 200: jsonResponse(z.object({ marked: z.number() }), "Marked"), ...errorResponses(401) },
    }),
    async (c) => {
      const user = callerOf(c);
      const s = c.get("services");
      return c.json({ marked: await markAllRead(s.db, user.id, s.now()) }, 200);
    },
  );
