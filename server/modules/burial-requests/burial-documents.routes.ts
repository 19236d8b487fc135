import { z } from "@hono/zod-openapi";
import { apiRoute, callerOf } from "../../lib/api-route.ts";
import type { Context } from "hono";
import {
  ZCalendarFeedCreate,
  ZCalendarFeedCreated,
  ZCalendarFeedList,
  ZSchedule,
  ZScheduleQuery,
} from "../../../common/booking.ts";
import { formatDate, translate } from "../../../common/i18n.ts";
import { ZId } from "../../../common/schemas.ts";
import { AppError } from "../../lib/errors.ts";
import { type ApiEnv, createRouter } from "../../lib/http.ts";
import { errorResponses, jsonBody, jsonResponse, ZIdParam, ZOk } from "../../lib/openapi.ts";
import { calendarFeed, certificatePdf, confirmationPdf, schedulePdf } from "./burial-documents.ts";
import {
  calendarData,
  certificateData,
  confirmationData,
  createCalendarFeed,
  daySchedule,
  listCalendarFeeds,
  revokeCalendarFeed,
} from "./burial-documents.service.ts";

const TAGS = ["Burial documents"];
const PDF = "application/pdf";
const pdfResponse = { description: "PDF document", content: { [PDF]: { schema: z.string() } } };

/**
 * A PDF answer, shown in the browser (`inline`) under a readable file name in the caller's
 * language. Never stored by caches: it carries a family's personal data.
 */
function pdf(c: Context<ApiEnv>, body: Buffer, asciiName: string, name: string) {
  return c.body(new Uint8Array(body), 200, {
    "Content-Type": PDF,
    "Content-Disposition": `inline; filename="${asciiName}.pdf"; filename*=UTF-8''${encodeURIComponent(`${name}.pdf`)}`,
    "Cache-Control": "private, no-store",
  });
}

/** The printed documents of burial requests, a cemetery's day schedule and its crew's calendar feeds. */
export const burialDocumentRoutes = createRouter()
  .openapi(
    apiRoute({
      permission: "burial.read",
      method: "get",
      path: "/burial-requests/{id}/confirmation.pdf",
      tags: TAGS,
      summary:
        "The booking's confirmation (PDF, in the request's language): the family's, the cemetery's managers', the admin's; " +
        "409 once cancelled or expired",
      request: { params: ZIdParam },
      responses: { 200: pdfResponse, ...errorResponses(401, 403, 404, 409, 422) },
    }),
    async (c) => {
      const user = callerOf(c);
      const s = c.get("services");
      const locale = c.get("locale");
      const data = await confirmationData(s, user, c.req.valid("param").id, locale);
      const name = translate(locale, "documents.confirmation.file_name", { number: data.number });
      return pdf(c, await confirmationPdf(data, locale, s.now()), `confirmation-${data.number}`, name) as never;
    },
  )
  .openapi(
    apiRoute({
      permission: "burial.read",
      method: "get",
      path: "/burials/{id}/certificate.pdf",
      tags: TAGS,
      summary:
        "The grave's certificate (PDF) of a burial completed through a request: its responsible person, the cemetery's " +
        "managers, the admin (404 for anyone else)",
      request: { params: ZIdParam },
      responses: { 200: pdfResponse, ...errorResponses(401, 403, 404, 422) },
    }),
    async (c) => {
      const user = callerOf(c);
      const s = c.get("services");
      const locale = c.get("locale");
      const data = await certificateData(s, user, c.req.valid("param").id, locale);
      const name = translate(locale, "documents.certificate.file_name", { number: data.number });
      return pdf(c, await certificatePdf(data, locale, s.now()), `certificate-${data.number}`, name) as never;
    },
  )
  .openapi(
    apiRoute({
      permission: "booking.view",
      method: "get",
      path: "/manager/schedule",
      tags: TAGS,
      summary: "A cemetery's burials of one day (paid, confirmed, completed), by time (its managers, the admin)",
      request: { query: ZScheduleQuery },
      responses: { 200: jsonResponse(ZSchedule, "The day's schedule"), ...errorResponses(401, 403, 404, 422) },
    }),
    async (c) => {
      const user = callerOf(c);
      const { cemeteryId, date } = c.req.valid("query");
      return c.json(await daySchedule(c.get("services"), user, cemeteryId, date, c.get("locale")), 200);
    },
  )
  .openapi(
    apiRoute({
      permission: "booking.view",
      method: "get",
      path: "/manager/schedule.pdf",
      tags: TAGS,
      summary: "The same day's schedule, printable (PDF table, landscape)",
      request: { query: ZScheduleQuery },
      responses: { 200: pdfResponse, ...errorResponses(401, 403, 404, 422) },
    }),
    async (c) => {
      const user = callerOf(c);
      const s = c.get("services");
      const locale = c.get("locale");
      const { cemeteryId, date } = c.req.valid("query");
      const data = await daySchedule(s, user, cemeteryId, date, locale);
      const name = translate(locale, "documents.schedule.file_name", { date: formatDate(locale, date) });
      return pdf(c, await schedulePdf(data, locale, s.now()), `schedule-${date}`, name) as never;
    },
  )
  .openapi(
    apiRoute({
      permission: "booking.view",
      method: "post",
      path: "/manager/calendar-feeds",
      tags: TAGS,
      summary:
        "Make a calendar feed of one of the caller's cemeteries for the crew's calendar apps; its secret address is " +
        "returned this once",
      request: { body: jsonBody(ZCalendarFeedCreate) },
      responses: {
        201: jsonResponse(ZCalendarFeedCreated, "The feed, with its address"),
        ...errorResponses(401, 403, 404, 422),
      },
    }),
    async (c) => {
      const user = callerOf(c);
      return c.json(await createCalendarFeed(c.get("services"), user, c.req.valid("json").cemeteryId), 201);
    },
  )
  .openapi(
    apiRoute({
      permission: "booking.view",
      method: "get",
      path: "/manager/calendar-feeds",
      tags: TAGS,
      summary: "A cemetery's calendar feeds, newest first, revoked ones too (never their addresses)",
      request: { query: z.object({ cemeteryId: ZId }) },
      responses: { 200: jsonResponse(ZCalendarFeedList, "Feeds"), ...errorResponses(401, 403, 422) },
    }),
    async (c) => {
      const user = callerOf(c);
      const items = await listCalendarFeeds(c.get("services"), user, c.req.valid("query").cemeteryId);
      return c.json({ items }, 200);
    },
  )
  .openapi(
    apiRoute({
      permission: "booking.view",
      method: "delete",
      path: "/manager/calendar-feeds/{id}",
      tags: TAGS,
      summary: "Revoke a calendar feed: its address answers 404 from now on",
      request: { params: ZIdParam },
      responses: { 200: jsonResponse(ZOk, "Revoked"), ...errorResponses(401, 403, 404, 422) },
    }),
    async (c) => {
      const user = callerOf(c);
      await revokeCalendarFeed(c.get("services"), user, c.req.valid("param").id);
      return c.json({ ok: true as const }, 200);
    },
  )
  .openapi(
    apiRoute({
      permission: "public",
      method: "get",
      path: "/calendar/{file}",
      tags: TAGS,
      summary:
        "A cemetery's calendar feed (iCalendar), `{file}` = `<token>.ics`, the address made by POST /manager/calendar-feeds. " +
        "No session: the secret token is the key; an unknown or revoked one is a 404",
      request: { params: z.object({ file: z.string().max(100) }) },
      responses: {
        200: { description: "iCalendar", content: { "text/calendar": { schema: z.string() } } },
        ...errorResponses(404),
      },
    }),
    async (c) => {
      const m = /^(.+)\.ics$/.exec(c.req.valid("param").file);
      if (!m) throw new AppError(404, "not_found");
      const body = calendarFeed(await calendarData(c.get("services"), m[1] as string));
      return c.body(body, 200, {
        "Content-Type": "text/calendar; charset=utf-8",
        "Content-Disposition": 'inline; filename="burials.ics"',
        // The address is a secret: no shared cache keeps a copy, and a revoked feed stops at once.
        "Cache-Control": "private, no-store",
      }) as never;
    },
  );
