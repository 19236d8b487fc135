import { z } from "@hono/zod-openapi";
import {
  ZBookingCreate,
  ZBookingDetails,
  ZBurialRequest,
  ZBurialRequestPage,
  ZClientCemeteries,
  ZSlots,
} from "../../../common/booking.ts";
import { apiRoute, callerOf } from "../../lib/api-route.ts";
import { createRouter } from "../../lib/http.ts";
import { errorResponses, jsonBody, jsonResponse, ZIdParam, ZOk } from "../../lib/openapi.ts";
import { startOnlinePayment } from "./burial-payments.service.ts";
import { createBooking } from "./burial-booking.service.ts";
import { listBurialRequests, ZBurialRequestList } from "./burial-request-list.service.ts";
import { getBurialRequest } from "./burial-request-view.service.ts";
import { saveDetails, slotsForRequest } from "./burial-slots.service.ts";
import { clientCemeteries } from "./family-graves.service.ts";
import { burialRequestMachine } from "./burial-requests.machine.ts";
import { moveRoute } from "../workflow/move-route.ts";

const TAGS = ["Burial requests"];
const ZRequestOut = ZBurialRequest;

export const burialRequestRoutes = createRouter()
  .openapi(
    apiRoute({
      permission: "burial.book",
      method: "get",
      path: "/me/cemeteries",
      tags: TAGS,
      summary: "Cemeteries where the client has graves (as responsible person) or bookings (client)",
      responses: { 200: jsonResponse(ZClientCemeteries, "Cemeteries"), ...errorResponses(401, 403) },
    }),
    async (c) => {
      const user = callerOf(c);
      return c.json(await clientCemeteries(c.get("services").db, user, c.get("locale")), 200);
    },
  )
  .openapi(
    apiRoute({
      permission: "burial.book",
      method: "post",
      path: "/burial-requests",
      tags: TAGS,
      summary: "Book places (or a family grave) for a burial: a pending request holding them until it expires (client)",
      request: { body: jsonBody(ZBookingCreate) },
      responses: {
        201: jsonResponse(z.object({ id: z.number() }), "Booked"),
        ...errorResponses(401, 403, 404, 409, 422),
      },
    }),
    async (c) => {
      const user = callerOf(c);
      return c.json(await createBooking(c.get("services"), user, c.req.valid("json")), 201);
    },
  )
  .openapi(
    apiRoute({
      permission: "burial.read",
      method: "get",
      path: "/burial-requests",
      tags: TAGS,
      summary: "Burial requests: the client's own, or those of the manager's cemeteries (all for the admin)",
      request: { query: ZBurialRequestList },
      responses: { 200: jsonResponse(ZBurialRequestPage, "A page of requests"), ...errorResponses(401, 403, 422) },
    }),
    async (c) => {
      const user = callerOf(c);
      return c.json(await listBurialRequests(c.get("services"), user, c.req.valid("query"), c.get("locale")), 200);
    },
  )
  .openapi(
    apiRoute({
      permission: "burial.read",
      method: "get",
      path: "/burial-requests/{id}",
      tags: TAGS,
      summary: "One burial request, with its history and the moves the caller may make now",
      request: { params: ZIdParam },
      responses: { 200: jsonResponse(ZRequestOut, "The request"), ...errorResponses(401, 403, 404, 422) },
    }),
    async (c) => {
      const user = callerOf(c);
      const s = c.get("services");
      return c.json(await getBurialRequest(s, user, c.req.valid("param").id, c.get("locale")), 200);
    },
  )
  .openapi(
    apiRoute({
      permission: "burial.book",
      method: "get",
      path: "/burial-requests/{id}/slots",
      tags: TAGS,
      summary: "The cemetery's burial slots for the request, each with the burials it still takes (client)",
      request: { params: ZIdParam },
      responses: { 200: jsonResponse(ZSlots, "Slots"), ...errorResponses(401, 403, 404, 422) },
    }),
    async (c) => {
      const user = callerOf(c);
      return c.json(await slotsForRequest(c.get("services"), user, c.req.valid("param").id), 200);
    },
  )
  .openapi(
    apiRoute({
      permission: "burial.book",
      method: "put",
      path: "/burial-requests/{id}/details",
      tags: TAGS,
      summary: "The death certificate and the burial's slot of a pending request (client)",
      request: { params: ZIdParam, body: jsonBody(ZBookingDetails) },
      responses: { 200: jsonResponse(ZOk, "Saved"), ...errorResponses(401, 403, 404, 409, 422) },
    }),
    async (c) => {
      const user = callerOf(c);
      await saveDetails(c.get("services"), user, c.req.valid("param").id, c.req.valid("json"));
      return c.json({ ok: true as const }, 200);
    },
  )
  .openapi(
    ...moveRoute(burialRequestMachine, {
      path: "/burial-requests/{id}/moves/{move}",
      permission: "burial.read",
      tags: TAGS,
      summary:
        "Make a move of the request's machine (pay_office, confirm, complete, cancel — staff; cancel_own — the client); each needs its own permission",
    }),
  )
  .openapi(
    apiRoute({
      permission: "burial.book",
      method: "post",
      path: "/burial-requests/{id}/payments",
      tags: TAGS,
      summary: "Start paying a request online: the address of the payment provider's page (client)",
      request: { params: ZIdParam },
      responses: {
        200: jsonResponse(z.object({ redirectUrl: z.string() }), "Where to pay"),
        ...errorResponses(401, 403, 404, 409, 422),
      },
    }),
    async (c) => {
      const user = callerOf(c);
      const s = c.get("services");
      return c.json(await startOnlinePayment(s, user, c.req.valid("param").id, c.get("locale")), 200);
    },
  );
