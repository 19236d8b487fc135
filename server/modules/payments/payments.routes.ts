import { z } from "@hono/zod-openapi";
import { localizePath } from "../../../common/locale.ts";
import { apiRoute } from "../../lib/api-route.ts";
import { AppError } from "../../lib/errors.ts";
import { createRouter } from "../../lib/http.ts";
import { errorResponses, jsonBody, jsonResponse } from "../../lib/openapi.ts";
import { fakePageFont, fakePaymentPage } from "./fake-page.ts";
import { FakePaymentProvider } from "./payments.provider.ts";
import { paymentCallback, paymentPage } from "./payments.service.ts";

const TAGS = ["Payments"];
const ZPaymentParam = z.object({ id: z.string().max(64) });
const htmlPage = { description: "An HTML page", content: { "text/html": { schema: z.string() } } };

/**
 * Payments of any payable record (a booking, an order): the providers' signed callbacks, and the
 * fake provider's own page (demos and tests; 404 with any other provider). The payable's module
 * starts its payments (`beginPayment`) on its own operation.
 */
export const paymentRoutes = createRouter().openapi(
  apiRoute({
    permission: "public",
    method: "post",
    path: "/payments/callback/{provider}",
    tags: TAGS,
    summary: "A payment provider's signed callback (idempotent: a repeated callback pays once)",
    request: {
      params: z.object({ provider: z.string().max(20) }),
      body: jsonBody(
        z.object({ paymentId: z.string().max(64), outcome: z.string().max(20), signature: z.string().max(128) }),
      ),
    },
    responses: {
      200: jsonResponse(z.object({ status: z.string() }), "The payment's status"),
      ...errorResponses(400, 404, 422),
    },
  }),
  async (c) =>
    c.json(await paymentCallback(c.get("services"), c.req.valid("param").provider, c.req.valid("json")), 200),
);

export const fakePaymentPages = createRouter()
  .openapi(
    apiRoute({
      permission: "public",
      method: "get",
      path: "/payments/fake/{id}",
      tags: TAGS,
      summary: "The fake payment provider's page (demos and tests only; 404 with any other provider)",
      request: { params: ZPaymentParam },
      responses: { 200: htmlPage, ...errorResponses(404) },
    }),
    async (c) => {
      const s = c.get("services");
      if (!(s.payments instanceof FakePaymentProvider)) return c.notFound() as never;
      const locale = c.get("locale");
      const p = await paymentPage(s, c.req.valid("param").id);
      const html = fakePaymentPage({
        locale,
        number: p.number,
        amount: p.amount,
        status: p.status,
        receipt: p.receipt,
        action: `/api/v1/payments/fake/${p.id}?lang=${locale}`,
        backHref: localizePath(p.backPath, locale),
        fontsBase: "/api/v1/payments/fake/fonts",
      });
      return c.html(html, 200, { "Cache-Control": "no-store" }) as never;
    },
  )
  .openapi(
    apiRoute({
      permission: "public",
      method: "get",
      path: "/payments/fake/fonts/{file}",
      tags: TAGS,
      summary: "The fonts of the fake provider's page (the product's Noto Sans)",
      request: { params: z.object({ file: z.string().max(64) }) },
      responses: {
        200: { description: "A WOFF2 font", content: { "font/woff2": { schema: z.string() } } },
        ...errorResponses(404),
      },
    }),
    async (c) => {
      const s = c.get("services");
      const font = s.payments instanceof FakePaymentProvider ? fakePageFont(c.req.valid("param").file) : null;
      if (!font) throw new AppError(404, "not_found");
      return c.body(new Uint8Array(font), 200, {
        "Content-Type": "font/woff2",
        "Cache-Control": "public, max-age=86400",
      }) as never;
    },
  )
  .openapi(
    apiRoute({
      permission: "public",
      method: "post",
      path: "/payments/fake/{id}",
      tags: TAGS,
      summary:
        "The fake provider's page answered: it signs the outcome, calls the callback, and sends the visitor back",
      request: { params: ZPaymentParam },
      responses: { 303: { description: "Back to the paid record" }, ...errorResponses(404) },
    }),
    async (c) => {
      const s = c.get("services");
      const provider = s.payments;
      if (!(provider instanceof FakePaymentProvider)) return c.notFound() as never;
      const form = await c.req.parseBody();
      const outcome = form.outcome === "paid" ? "paid" : "failed";
      const id = c.req.valid("param").id;
      const before = await paymentPage(s, id);
      await paymentCallback(s, provider.id, {
        paymentId: before.id,
        outcome,
        signature: provider.sign(before.id, outcome),
      });
      return c.redirect(localizePath(before.returnPath(outcome === "paid"), c.get("locale")), 303) as never;
    },
  );
