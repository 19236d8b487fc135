import { z } from "@hono/zod-openapi";
import { CARE_KINDS, CARE_STATUSES, PERMIT_STATUSES } from "../../../common/ennoblement.ts";
import { ZCareOrder, ZCareSettings } from "../../../common/ennoblement-forms.ts";
import {
  ZCareOrderForm,
  ZCareRequest,
  ZCareRequestPage,
  ZCareSettingsAnswer,
  ZGraveCare,
  ZPermit,
  ZPermitPage,
} from "../../../common/ennoblement-schemas.ts";
import { ZUploadFile } from "../../../common/api-schemas.ts";
import { apiRoute, callerOf } from "../../lib/api-route.ts";
import { createRouter } from "../../lib/http.ts";
import { listQuery } from "../../lib/list.ts";
import { errorResponses, jsonBody, jsonResponse, ZIdParam } from "../../lib/openapi.ts";
import { moveRoute } from "../workflow/move-route.ts";
import { careRequestMachine, permitMachine } from "./ennoblement.machine.ts";
import {
  careOrderForm,
  getCareRequest,
  getPermit,
  graveCare,
  listCareRequests,
  listCareSettings,
  listPermits,
  orderCare,
  saveCareSettings,
  startCarePayment,
} from "./ennoblement.service.ts";

const TAGS = ["Grave care"];
const zQueryId = z
  .string()
  .regex(/^[1-9][0-9]{0,8}$/, "validation.invalid")
  .transform(Number)
  .openapi({ type: "integer", minimum: 1 } as never);

const ZCareListQuery = listQuery({
  sort: ["createdAt"],
  defaultSort: "-createdAt",
  filters: {
    status: z.enum([...CARE_STATUSES, "open"]),
    cemeteryId: zQueryId,
    kind: z.enum(CARE_KINDS),
    burialId: zQueryId,
  },
});
const ZPermitListQuery = listQuery({
  sort: ["dueDay"],
  defaultSort: "dueDay",
  filters: {
    status: z.enum(PERMIT_STATUSES),
    cemeteryId: zQueryId,
    own: z.enum(["1"]),
  },
});

const [careMoveOperation, careMoveHandler] = moveRoute(careRequestMachine, {
  path: "/care/requests/{id}/moves/{move}",
  permission: "care.read",
  tags: TAGS,
  summary:
    "Make a move of a care request: the cemetery accepts (price from its list), records a payment, schedules, marks " +
    "done with photos, redoes or closes a dispute, rejects; the family confirms, disputes, cancels",
});
const [permitMoveOperation, permitMoveHandler] = moveRoute(permitMachine, {
  path: "/care/permits/{id}/moves/{move}",
  permission: "care.read",
  tags: TAGS,
  summary: "Decide on a permit to install a fence or a headstone: issue it (valid a month) or refuse it with a reason",
});

/** Grave care (issue 16 §3): the cemetery's settings, the family's orders, requests, permits, a grave's history. */
export const careRoutes = createRouter()
  .openapi(
    apiRoute({
      permission: "care.handle",
      method: "get",
      path: "/care/settings",
      tags: TAGS,
      summary: "The grave-care settings (season, price list) of every cemetery the caller works in",
      responses: {
        200: jsonResponse(z.object({ items: z.array(ZCareSettingsAnswer) }), "The settings"),
        ...errorResponses(401, 403),
      },
    }),
    async (c) => c.json(await listCareSettings(c.get("services").db, callerOf(c)), 200),
  )
  .openapi(
    apiRoute({
      permission: "care.handle",
      method: "put",
      path: "/care/settings/{id}",
      tags: TAGS,
      summary: "Set a cemetery's installation season and its price list of care works (its managers)",
      request: { params: ZIdParam, body: jsonBody(ZCareSettings) },
      responses: { 200: jsonResponse(ZCareSettingsAnswer, "Saved"), ...errorResponses(401, 403, 404, 422) },
    }),
    async (c) =>
      c.json(await saveCareSettings(c.get("services"), callerOf(c), c.req.valid("param").id, c.req.valid("json")), 200),
  )
  .openapi(
    apiRoute({
      permission: "care.order",
      method: "get",
      path: "/care/graves/{id}/order-form",
      tags: TAGS,
      summary: "What the family needs to order care for one of its graves: the grave, the season, the price list",
      request: { params: ZIdParam },
      responses: { 200: jsonResponse(ZCareOrderForm, "The form's data"), ...errorResponses(401, 403, 404, 422) },
    }),
    async (c) => {
      const s = c.get("services");
      return c.json(await careOrderForm(s.db, callerOf(c), c.req.valid("param").id, s.now()), 200);
    },
  )
  .openapi(
    apiRoute({
      permission: "care.read",
      method: "get",
      path: "/care/graves/{id}",
      tags: TAGS,
      summary: "A grave's care history: its requests with photos before and after, its permits",
      request: { params: ZIdParam },
      responses: { 200: jsonResponse(ZGraveCare, "The history"), ...errorResponses(401, 403, 404, 422) },
    }),
    async (c) => c.json(await graveCare(c.get("services").db, callerOf(c), c.req.valid("param").id), 200),
  )
  .openapi(
    apiRoute({
      permission: "care.order",
      method: "post",
      path: "/care/requests",
      tags: TAGS,
      summary:
        "Order works for one of the family's graves (with the permits its installations need), or only the permits",
      request: { body: jsonBody(ZCareOrder) },
      responses: {
        201: jsonResponse(
          z.object({ requestId: z.number().nullable(), permitIds: z.array(z.number()) }),
          "The request and its permits",
        ),
        ...errorResponses(401, 403, 404, 422),
      },
    }),
    async (c) => c.json(await orderCare(c.get("services"), callerOf(c), c.req.valid("json")), 201),
  )
  .openapi(
    apiRoute({
      permission: "care.read",
      method: "get",
      path: "/care/requests",
      tags: TAGS,
      summary: "Care requests: the cemetery's staff their cemeteries', the family its graves'; overdue permits first",
      request: { query: ZCareListQuery },
      responses: { 200: jsonResponse(ZCareRequestPage, "A page of requests"), ...errorResponses(401, 403, 422) },
    }),
    async (c) => {
      const s = c.get("services");
      return c.json(await listCareRequests(s.db, callerOf(c), c.req.valid("query"), s.now()), 200);
    },
  )
  .openapi(
    apiRoute({
      permission: "care.read",
      method: "get",
      path: "/care/requests/{id}",
      tags: TAGS,
      summary: "One care request with its grave, prices, photos, permits, history and the caller's moves",
      request: { params: ZIdParam },
      responses: { 200: jsonResponse(ZCareRequest, "The request"), ...errorResponses(401, 403, 404, 422) },
    }),
    async (c) => c.json(await getCareRequest(c.get("services"), callerOf(c), c.req.valid("param").id), 200),
  )
  .openapi(
    apiRoute({
      permission: "care.order",
      method: "post",
      path: "/care/requests/{id}/payments",
      tags: TAGS,
      summary: "Start paying an accepted care request online: the address of the payment provider's page",
      request: { params: ZIdParam },
      responses: {
        200: jsonResponse(z.object({ redirectUrl: z.string() }), "Where to pay"),
        ...errorResponses(401, 403, 404, 409, 422),
      },
    }),
    async (c) =>
      c.json(await startCarePayment(c.get("services"), callerOf(c), c.req.valid("param").id, c.get("locale")), 200),
  )
  .openapi(
    apiRoute({
      permission: "care.read",
      method: "get",
      path: "/care/permits",
      tags: TAGS,
      summary: "Permits to install: the staff's queue (due and overdue first), the family's own",
      request: { query: ZPermitListQuery },
      responses: { 200: jsonResponse(ZPermitPage, "A page of permits"), ...errorResponses(401, 403, 422) },
    }),
    async (c) => {
      const s = c.get("services");
      const q = c.req.valid("query");
      return c.json(await listPermits(s.db, callerOf(c), { ...q, own: q.own === "1" }, s.now()), 200);
    },
  )
  .openapi(
    apiRoute({
      permission: "care.read",
      method: "get",
      path: "/care/permits/{id}",
      tags: TAGS,
      summary: "One permit with its grave, the season and the caller's moves",
      request: { params: ZIdParam },
      responses: {
        200: jsonResponse(ZPermit.extend({ photos: z.array(ZUploadFile) }), "The permit"),
        ...errorResponses(401, 403, 404, 422),
      },
    }),
    async (c) => c.json(await getPermit(c.get("services"), callerOf(c), c.req.valid("param").id), 200),
  )
  .openapi(careMoveOperation, careMoveHandler)
  .openapi(permitMoveOperation, permitMoveHandler);
