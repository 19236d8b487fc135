import { z } from "@hono/zod-openapi";
import { ZCartAdd, ZCartUpdate, ZCheckout } from "../../../common/order-forms.ts";
import { CATALOG_CATEGORIES } from "../../../common/catalog.ts";
import {
  ZCart,
  ZCartOfferPage,
  ZFamilyOrder,
  ZFamilyOrderPage,
  ZSupplierOrder,
  ZSupplierOrderPage,
} from "../../../common/order-schemas.ts";
import { apiRoute, callerOf } from "../../lib/api-route.ts";
import { fieldError } from "../../lib/errors.ts";
import { createRouter } from "../../lib/http.ts";
import { listQuery } from "../../lib/list.ts";
import { errorResponses, jsonBody, jsonResponse, ZIdParam, ZOk } from "../../lib/openapi.ts";
import { moveRoute } from "../workflow/move-route.ts";
import {
  addToCart,
  cartOffers,
  checkout,
  getCart,
  removeCartLine,
  startOrderPayment,
  updateCartLine,
} from "./cart.service.ts";
import { getFamilyOrder, getSupplierOrder, listFamilyOrders, listSupplierOrders } from "./order-view.service.ts";
import { orderLineMachine, supplierOrderMachine } from "./orders.machine.ts";
// The orders' conversation registers itself.
import "./orders.thread.ts";

const TAGS = ["Orders"];
const zQueryId = z
  .string()
  .regex(/^[1-9][0-9]{0,8}$/, "validation.invalid")
  .transform(Number)
  .openapi({ type: "integer", minimum: 1 } as never);

const ZCartQuery = z.object({ burialRequestId: zQueryId });
const ZOfferQuery = listQuery({
  sort: ["price"],
  defaultSort: "price",
  filters: { burialRequestId: zQueryId, category: z.enum(CATALOG_CATEGORIES), itemId: zQueryId },
});
const ZFamilyOrderQuery = listQuery({
  sort: ["createdAt"],
  defaultSort: "-createdAt",
  filters: { burialRequestId: zQueryId },
});
const ZSupplierOrderQuery = listQuery({
  sort: ["createdAt"],
  defaultSort: "-createdAt",
  filters: { tab: z.enum(["active", "archive"]).default("active"), supplierId: zQueryId },
});

const [orderMoveOperation, orderMoveHandler] = moveRoute(supplierOrderMachine, {
  path: "/supplier-orders/{id}/moves/{move}",
  permission: "orders.read",
  tags: TAGS,
  summary:
    "Make a move of a supplier's order: the supplier accepts, declines, records a payment taken; the family " +
    "cancels it before acceptance, confirms receipt or disputes",
});
const [lineMoveOperation, lineMoveHandler] = moveRoute(orderLineMachine, {
  path: "/order-lines/{id}/moves/{move}",
  permission: "orders.read",
  tags: TAGS,
  summary:
    "Make a move of an order's line: the supplier starts, completes or cancels it; the family cancels it before acceptance",
});

/**
 * Orders of goods and services (issue 15 §2): the family's cart for a burial and its checkout into
 * one order with one order per supplier; the family's orders; the suppliers' orders; the moves.
 */
export const orderRoutes = createRouter()
  .openapi(
    apiRoute({
      permission: "orders.place",
      method: "get",
      path: "/cart",
      tags: TAGS,
      summary: "The cart of one of the family's burials, with amounts and the total computed by the server",
      request: { query: ZCartQuery },
      responses: { 200: jsonResponse(ZCart, "The cart"), ...errorResponses(401, 403, 404, 409, 422) },
    }),
    async (c) => c.json(await getCart(c.get("services"), callerOf(c), c.req.valid("query").burialRequestId), 200),
  )
  .openapi(
    apiRoute({
      permission: "orders.place",
      method: "get",
      path: "/cart/offers",
      tags: TAGS,
      summary: "What the family can add to a burial's cart: items on sale serving its cemetery, by category",
      request: { query: ZOfferQuery },
      responses: { 200: jsonResponse(ZCartOfferPage, "A page of items"), ...errorResponses(401, 403, 404, 409, 422) },
    }),
    async (c) => {
      const q = c.req.valid("query");
      if (q.burialRequestId === undefined) throw fieldError("burialRequestId", "validation.required");
      return c.json(
        await cartOffers(c.get("services"), callerOf(c), { ...q, burialRequestId: q.burialRequestId }),
        200,
      );
    },
  )
  .openapi(
    apiRoute({
      permission: "orders.place",
      method: "post",
      path: "/cart/lines",
      tags: TAGS,
      summary: "Add an item to the cart of one of the family's burials (again: replaces its quantity, place and time)",
      request: { body: jsonBody(ZCartAdd) },
      responses: {
        201: jsonResponse(z.object({ id: z.number() }), "The cart's line"),
        ...errorResponses(401, 403, 404, 409, 422),
      },
    }),
    async (c) => c.json(await addToCart(c.get("services"), callerOf(c), c.req.valid("json")), 201),
  )
  .openapi(
    apiRoute({
      permission: "orders.place",
      method: "patch",
      path: "/cart/lines/{id}",
      tags: TAGS,
      summary: "Change a line of the family's cart: quantity, place, date and time",
      request: { params: ZIdParam, body: jsonBody(ZCartUpdate) },
      responses: { 200: jsonResponse(ZOk, "Changed"), ...errorResponses(401, 403, 404, 409, 422) },
    }),
    async (c) => {
      await updateCartLine(c.get("services"), callerOf(c), c.req.valid("param").id, c.req.valid("json"));
      return c.json({ ok: true as const }, 200);
    },
  )
  .openapi(
    apiRoute({
      permission: "orders.place",
      method: "delete",
      path: "/cart/lines/{id}",
      tags: TAGS,
      summary: "Take a line out of the family's cart",
      request: { params: ZIdParam },
      responses: { 200: jsonResponse(ZOk, "Removed"), ...errorResponses(401, 403, 404, 422) },
    }),
    async (c) => {
      await removeCartLine(c.get("services"), callerOf(c), c.req.valid("param").id);
      return c.json({ ok: true as const }, 200);
    },
  )
  .openapi(
    apiRoute({
      permission: "orders.place",
      method: "post",
      path: "/orders",
      tags: TAGS,
      summary:
        "Check out a burial's cart: one order, one per supplier inside (the same checkout key again answers the same " +
        "order); online payment answers the provider's page",
      request: { body: jsonBody(ZCheckout) },
      responses: {
        201: jsonResponse(z.object({ id: z.number(), redirectUrl: z.string().nullable() }), "The order"),
        ...errorResponses(401, 403, 404, 409, 422),
      },
    }),
    async (c) => c.json(await checkout(c.get("services"), callerOf(c), c.req.valid("json"), c.get("locale")), 201),
  )
  .openapi(
    apiRoute({
      permission: "orders.place",
      method: "get",
      path: "/orders",
      tags: TAGS,
      summary: "The family's orders, the newest first, each with its suppliers' orders",
      request: { query: ZFamilyOrderQuery },
      responses: { 200: jsonResponse(ZFamilyOrderPage, "A page of orders"), ...errorResponses(401, 403, 422) },
    }),
    async (c) => {
      const s = c.get("services");
      return c.json(await listFamilyOrders(s.db, callerOf(c), c.req.valid("query"), s.now(), s.payments !== null), 200);
    },
  )
  .openapi(
    apiRoute({
      permission: "orders.place",
      method: "get",
      path: "/orders/{id}",
      tags: TAGS,
      summary: "One of the family's orders with its suppliers' orders, lines and the moves the family may make",
      request: { params: ZIdParam },
      responses: { 200: jsonResponse(ZFamilyOrder, "The order"), ...errorResponses(401, 403, 404, 422) },
    }),
    async (c) => {
      const s = c.get("services");
      return c.json(
        await getFamilyOrder(s.db, callerOf(c), c.req.valid("param").id, s.now(), s.payments !== null),
        200,
      );
    },
  )
  .openapi(
    apiRoute({
      permission: "orders.place",
      method: "post",
      path: "/orders/{id}/payments",
      tags: TAGS,
      summary: "Start paying the family's order online: the address of the payment provider's page",
      request: { params: ZIdParam },
      responses: {
        200: jsonResponse(z.object({ redirectUrl: z.string() }), "Where to pay"),
        ...errorResponses(401, 403, 404, 409, 422),
      },
    }),
    async (c) =>
      c.json(await startOrderPayment(c.get("services"), callerOf(c), c.req.valid("param").id, c.get("locale")), 200),
  )
  .openapi(
    apiRoute({
      permission: "orders.read",
      method: "get",
      path: "/supplier-orders",
      tags: TAGS,
      summary:
        "Suppliers' orders: the company's own (active or archived), the family's own, or for the admin any supplier's",
      request: { query: ZSupplierOrderQuery },
      responses: { 200: jsonResponse(ZSupplierOrderPage, "A page of orders"), ...errorResponses(401, 403, 422) },
    }),
    async (c) => {
      const s = c.get("services");
      return c.json(await listSupplierOrders(s.db, callerOf(c), c.req.valid("query"), s.now()), 200);
    },
  )
  .openapi(
    apiRoute({
      permission: "orders.read",
      method: "get",
      path: "/supplier-orders/{id}",
      tags: TAGS,
      summary: "One supplier's order with its lines (the family's contact once accepted) and the caller's moves",
      request: { params: ZIdParam },
      responses: { 200: jsonResponse(ZSupplierOrder, "The order"), ...errorResponses(401, 403, 404, 422) },
    }),
    async (c) => {
      const s = c.get("services");
      return c.json(await getSupplierOrder(s.db, callerOf(c), c.req.valid("param").id, s.now()), 200);
    },
  )
  .openapi(orderMoveOperation, orderMoveHandler)
  .openapi(lineMoveOperation, lineMoveHandler);
