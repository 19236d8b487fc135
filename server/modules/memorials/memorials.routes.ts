import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import {
  ZAccessRequestCreate,
  ZMemorialClaimCreate,
  ZMemorialCreate,
  ZMemorialInvite,
  ZMemorialPhotoRemove,
  ZMemorialPhotos,
  ZMemorialUpdate,
  ZSuggestionCreate,
  ZTributeCreate,
} from "../../../common/memorial-forms.ts";
import {
  ZCreatedId,
  ZMemorialByCode,
  ZMemorialClaimList,
  ZMemorialCreated,
  ZMemorialGrave,
  ZMemorialLinks,
  ZMemorialManage,
  ZMemorialPage,
  ZMemorialSitemap,
  ZMyMemorials,
} from "../../../common/memorial-schemas.ts";
import { ZId } from "../../../common/schemas.ts";
import { apiRoute, callerOf } from "../../lib/api-route.ts";
import { type ApiEnv, createRouter } from "../../lib/http.ts";
import { errorResponses, jsonBody, jsonResponse, ZIdParam } from "../../lib/openapi.ts";
import { moveRoute } from "../workflow/move-route.ts";
import { qrFileRoutes } from "../burials/qr-files.routes.ts";
import { translate } from "../../../common/i18n.ts";
import { accessMachine, claimMachine, suggestionMachine, tributeMachine } from "./memorials.machine.ts";
import {
  memorialPlaqueOf,
  acceptInvitation,
  addMemorialPhotos,
  createClaim,
  createMemorial,
  getManagedMemorial,
  getMemorialByCode,
  getMemorialGrave,
  getPublicMemorial,
  inviteMember,
  leaveTribute,
  listClaims,
  memorialSitemap,
  myMemorials,
  publicLinks,
  removeMember,
  removeMemorialPhoto,
  reportTribute,
  requestAccess,
  suggest,
  updateMemorial,
} from "./memorials.service.ts";

const TAGS = ["Memorials"];
/** A memorial's short code in a path (`/m/<code>`): base32, lower case. */
const ZCodeParam = z.object({ code: z.string().regex(/^[a-z2-7]{10,32}$/) });
const ZOk = z.object({ ok: z.literal(true) }).meta({ id: "MemorialOk" });
const ZBurialIds = z.object({
  burialIds: z
    .string()
    .max(2000)
    .transform((v, ctx) => {
      const ids = v.split(",").filter(Boolean).map(Number);
      if (ids.length > 100 || ids.some((n) => !Number.isInteger(n) || n < 1 || n > 2_147_483_647)) {
        ctx.addIssue({ code: "custom", message: "validation.invalid" });
        return z.NEVER;
      }
      return ids;
    }),
});

/** The signed-in caller of a public operation, if any (a memorial's page reads differently for its author). */
const maybeCaller = (c: Context<ApiEnv>) => c.get("auth")?.user ?? null;

const [tributeMoveOperation, tributeMoveHandler] = moveRoute(tributeMachine, {
  path: "/memorial-tributes/{id}/moves/{move}",
  permission: "signed-in",
  tags: TAGS,
  summary:
    "A move of a tribute: a memorial's manager approves or hides it; a visitor reports a shown tribute of a public memorial",
});
const [suggestionMoveOperation, suggestionMoveHandler] = moveRoute(suggestionMachine, {
  path: "/memorial-suggestions/{id}/moves/{move}",
  permission: "memorials.manage",
  tags: TAGS,
  summary: "A memorial's manager accepts (a photo joins the gallery) or declines a visitor's suggestion",
});
const [accessMoveOperation, accessMoveHandler] = moveRoute(accessMachine, {
  path: "/memorial-access/{id}/moves/{move}",
  permission: "memorials.manage",
  tags: TAGS,
  summary: "A private memorial's manager grants or declines a visitor's request to see it",
});
const [claimMoveOperation, claimMoveHandler] = moveRoute(claimMachine, {
  path: "/memorial-claims/{id}/moves/{move}",
  permission: "cemetery.work",
  tags: TAGS,
  summary: "The cemetery's manager approves a relative as an owner of a burial's memorial, or refuses (a reason)",
});

/**
 * Memorial pages (issue 16 §1): the owners' and co-managers' operations (`memorials.manage`, scope
 * `managesMemorial`), the visitors' by the memorial's code (what they can see: its visibility), the
 * cemetery's verification of relatives (`cemetery.work`, its cemeteries), and the public reads that
 * name public memorials only.
 */
export const memorialRoutes = createRouter()
  .openapi(
    apiRoute({
      permission: "memorials.manage",
      method: "get",
      path: "/memorials/mine",
      tags: TAGS,
      summary:
        "My memorials (owned, co-managed) with what waits in their queues, graves I may make one of, invitations",
      responses: { 200: jsonResponse(ZMyMemorials, "The caller's memorials"), ...errorResponses(401, 403) },
    }),
    async (c) => c.json(await myMemorials(c.get("services"), callerOf(c), c.get("locale")), 200),
  )
  .openapi(
    apiRoute({
      permission: "memorials.manage",
      method: "get",
      path: "/memorials/graves/{burialId}",
      tags: TAGS,
      summary: "A grave as the caller may make its memorial: responsible, verified, their request, the 40-day rule",
      request: { params: z.object({ burialId: ZId }) },
      responses: { 200: jsonResponse(ZMemorialGrave, "The grave"), ...errorResponses(401, 403, 404, 422) },
    }),
    async (c) =>
      c.json(
        await getMemorialGrave(c.get("services"), callerOf(c), c.req.valid("param").burialId, c.get("locale")),
        200,
      ),
  )
  .openapi(
    apiRoute({
      permission: "memorials.manage",
      method: "post",
      path: "/memorials",
      tags: TAGS,
      summary:
        "Make the memorial of a burial the caller owns (one per burial; public within 40 days of the death only by the responsible person)",
      request: { body: jsonBody(ZMemorialCreate) },
      responses: { 201: jsonResponse(ZMemorialCreated, "Made"), ...errorResponses(401, 403, 404, 409, 422) },
    }),
    async (c) => c.json(await createMemorial(c.get("services"), callerOf(c), c.req.valid("json")), 201),
  )
  .openapi(
    apiRoute({
      permission: "memorials.manage",
      method: "get",
      path: "/memorials/{id}/manage",
      tags: TAGS,
      summary: "A memorial as its managers read it: content, short address, people, the queues with their moves",
      request: { params: ZIdParam },
      responses: { 200: jsonResponse(ZMemorialManage, "The memorial"), ...errorResponses(401, 403, 404, 422) },
    }),
    async (c) =>
      c.json(await getManagedMemorial(c.get("services"), callerOf(c), c.req.valid("param").id, c.get("locale")), 200),
  )
  .openapi(
    apiRoute({
      permission: "memorials.manage",
      method: "put",
      path: "/memorials/{id}",
      tags: TAGS,
      summary: "Edit a memorial's content and portrait; its owners also its visibility and search-engine flag",
      request: { params: ZIdParam, body: jsonBody(ZMemorialUpdate) },
      responses: { 200: jsonResponse(ZOk, "Saved"), ...errorResponses(401, 403, 404, 422) },
    }),
    async (c) => {
      await updateMemorial(c.get("services"), callerOf(c), c.req.valid("param").id, c.req.valid("json"));
      return c.json({ ok: true as const }, 200);
    },
  )
  .openapi(
    apiRoute({
      permission: "memorials.manage",
      method: "post",
      path: "/memorials/{id}/photos",
      tags: TAGS,
      summary: "Add the caller's uploaded photos to a memorial's gallery",
      request: { params: ZIdParam, body: jsonBody(ZMemorialPhotos) },
      responses: { 200: jsonResponse(ZOk, "Added"), ...errorResponses(401, 403, 404, 422) },
    }),
    async (c) => {
      await addMemorialPhotos(c.get("services"), callerOf(c), c.req.valid("param").id, c.req.valid("json").photoIds);
      return c.json({ ok: true as const }, 200);
    },
  )
  .openapi(
    apiRoute({
      permission: "memorials.manage",
      method: "post",
      path: "/memorials/{id}/photos/remove",
      tags: TAGS,
      summary: "Take a photo out of a memorial's gallery",
      request: { params: ZIdParam, body: jsonBody(ZMemorialPhotoRemove) },
      responses: { 200: jsonResponse(ZOk, "Removed"), ...errorResponses(401, 403, 404, 422) },
    }),
    async (c) => {
      await removeMemorialPhoto(c.get("services"), callerOf(c), c.req.valid("param").id, c.req.valid("json").photoId);
      return c.json({ ok: true as const }, 200);
    },
  )
  .openapi(
    apiRoute({
      permission: "memorials.manage",
      method: "post",
      path: "/memorials/{id}/members",
      tags: TAGS,
      summary: "An owner invites a co-manager or a viewer by phone (they accept when signed in)",
      request: { params: ZIdParam, body: jsonBody(ZMemorialInvite) },
      responses: { 201: jsonResponse(ZCreatedId, "Invited"), ...errorResponses(401, 403, 404, 409, 422) },
    }),
    async (c) =>
      c.json(await inviteMember(c.get("services"), callerOf(c), c.req.valid("param").id, c.req.valid("json")), 201),
  )
  .openapi(
    apiRoute({
      permission: "memorials.manage",
      method: "delete",
      path: "/memorials/{id}/members/{memberId}",
      tags: TAGS,
      summary: "An owner removes a co-manager or a viewer, or takes an invitation back",
      request: { params: ZIdParam.extend({ memberId: ZId }) },
      responses: { 200: jsonResponse(ZOk, "Removed"), ...errorResponses(401, 403, 404, 422) },
    }),
    async (c) => {
      const { id, memberId } = c.req.valid("param");
      await removeMember(c.get("services"), callerOf(c), id, memberId);
      return c.json({ ok: true as const }, 200);
    },
  )
  .openapi(
    apiRoute({
      permission: "memorials.manage",
      method: "post",
      path: "/memorials/invitations/{id}/accept",
      tags: TAGS,
      summary: "Accept an invitation to a memorial sent to the caller's phone",
      request: { params: ZIdParam },
      responses: { 200: jsonResponse(ZCreatedId, "The memorial"), ...errorResponses(401, 403, 404, 422) },
    }),
    async (c) => c.json(await acceptInvitation(c.get("services"), callerOf(c), c.req.valid("param").id), 200),
  )
  .openapi(
    apiRoute({
      permission: "memorials.manage",
      method: "post",
      path: "/memorials/claims",
      tags: TAGS,
      summary: "A relative asks the cemetery to verify them as an owner of a burial's memorial (relation, documents)",
      request: { body: jsonBody(ZMemorialClaimCreate) },
      responses: { 201: jsonResponse(ZCreatedId, "Asked"), ...errorResponses(401, 403, 404, 409, 422) },
    }),
    async (c) => c.json(await createClaim(c.get("services"), callerOf(c), c.req.valid("json")), 201),
  )
  .openapi(
    apiRoute({
      permission: "cemetery.work",
      method: "get",
      path: "/memorials/claims",
      tags: TAGS,
      summary: "Relatives' requests to be verified, in the caller's cemeteries: pending first, oldest first",
      responses: { 200: jsonResponse(ZMemorialClaimList, "The requests"), ...errorResponses(401, 403) },
    }),
    async (c) => c.json(await listClaims(c.get("services"), callerOf(c), c.get("locale")), 200),
  )
  .openapi(
    apiRoute({
      permission: "public",
      method: "get",
      path: "/memorials/public/{id}",
      tags: TAGS,
      summary: "A public memorial (anything else, by link or private, answers the same 404 as a missing id)",
      request: { params: ZIdParam },
      responses: { 200: jsonResponse(ZMemorialPage, "The memorial"), ...errorResponses(404, 422) },
    }),
    async (c) =>
      c.json(await getPublicMemorial(c.get("services"), maybeCaller(c), c.req.valid("param").id, c.get("locale")), 200),
  )
  .openapi(
    apiRoute({
      permission: "public",
      method: "get",
      path: "/memorials/code/{code}",
      tags: TAGS,
      summary:
        "A memorial by its short code: public and by-link ones; a private one to its readers, else only that it is private",
      request: { params: ZCodeParam },
      responses: {
        200: jsonResponse(ZMemorialByCode, "The memorial, or that it is private"),
        ...errorResponses(404, 422),
      },
    }),
    async (c) =>
      c.json(
        await getMemorialByCode(c.get("services"), maybeCaller(c), c.req.valid("param").code, c.get("locale")),
        200,
      ),
  )
  .openapi(
    apiRoute({
      permission: "memorials.visit",
      method: "post",
      path: "/memorials/code/{code}/tributes",
      tags: TAGS,
      summary:
        "Leave a flower, a candle or a message (no links, phones, e-mails, IINs; 5 an hour per person, 20 a day per memorial), shown once approved",
      request: { params: ZCodeParam, body: jsonBody(ZTributeCreate) },
      responses: { 201: jsonResponse(ZCreatedId, "Waiting for approval"), ...errorResponses(401, 403, 404, 422, 429) },
    }),
    async (c) =>
      c.json(
        await leaveTribute(c.get("services"), callerOf(c), { code: c.req.valid("param").code }, c.req.valid("json")),
        201,
      ),
  )
  .openapi(
    apiRoute({
      permission: "memorials.visit",
      method: "post",
      path: "/memorials/code/{code}/tributes/{tributeId}/report",
      tags: TAGS,
      summary: "Report a shown tribute: it goes back to the managers' queue with its report count (once per person)",
      request: { params: ZCodeParam.extend({ tributeId: ZId }), body: jsonBody(z.object({})) },
      responses: {
        200: jsonResponse(z.object({ id: z.number(), status: z.string() }), "Reported"),
        ...errorResponses(401, 403, 404, 409, 422),
      },
    }),
    async (c) => {
      const { code, tributeId } = c.req.valid("param");
      return c.json(await reportTribute(c.get("services"), callerOf(c), { code }, tributeId), 200);
    },
  )
  .openapi(
    apiRoute({
      permission: "memorials.visit",
      method: "post",
      path: "/memorials/code/{code}/suggestions",
      tags: TAGS,
      summary: "Suggest a photo or a correction to a memorial's managers",
      request: { params: ZCodeParam, body: jsonBody(ZSuggestionCreate) },
      responses: { 201: jsonResponse(ZCreatedId, "Sent to the managers"), ...errorResponses(401, 403, 404, 422, 429) },
    }),
    async (c) =>
      c.json(
        await suggest(c.get("services"), callerOf(c), { code: c.req.valid("param").code }, c.req.valid("json")),
        201,
      ),
  )
  // The same for a public memorial reached by its id (the grave card's and the search's link); its
  // shown tributes are reported through the tributes' move operation, which reaches public ones.
  .openapi(
    apiRoute({
      permission: "memorials.visit",
      method: "post",
      path: "/memorials/public/{id}/tributes",
      tags: TAGS,
      summary: "Leave a tribute on a public memorial (the same filter and limits as by its code)",
      request: { params: ZIdParam, body: jsonBody(ZTributeCreate) },
      responses: { 201: jsonResponse(ZCreatedId, "Waiting for approval"), ...errorResponses(401, 403, 404, 422, 429) },
    }),
    async (c) =>
      c.json(
        await leaveTribute(c.get("services"), callerOf(c), { id: c.req.valid("param").id }, c.req.valid("json")),
        201,
      ),
  )
  .openapi(
    apiRoute({
      permission: "memorials.visit",
      method: "post",
      path: "/memorials/public/{id}/suggestions",
      tags: TAGS,
      summary: "Suggest a photo or a correction to a public memorial's managers",
      request: { params: ZIdParam, body: jsonBody(ZSuggestionCreate) },
      responses: { 201: jsonResponse(ZCreatedId, "Sent to the managers"), ...errorResponses(401, 403, 404, 422, 429) },
    }),
    async (c) =>
      c.json(await suggest(c.get("services"), callerOf(c), { id: c.req.valid("param").id }, c.req.valid("json")), 201),
  )
  .openapi(
    apiRoute({
      permission: "memorials.visit",
      method: "post",
      path: "/memorials/code/{code}/access",
      tags: TAGS,
      summary: "Ask to see a private memorial (its managers decide)",
      request: { params: ZCodeParam, body: jsonBody(ZAccessRequestCreate) },
      responses: { 201: jsonResponse(ZCreatedId, "Asked"), ...errorResponses(401, 403, 404, 409, 422) },
    }),
    async (c) =>
      c.json(await requestAccess(c.get("services"), callerOf(c), c.req.valid("param").code, c.req.valid("json")), 201),
  )
  .route(
    "/",
    // The memorial's QR code and plaque: its managers only (its short code is the key of a by-link
    // or private page), never stored by a cache.
    qrFileRoutes({
      base: "/memorials/{id}",
      permission: "memorials.manage",
      tags: TAGS,
      whose: "a memorial's",
      plaque: (c, id, locale) => memorialPlaqueOf(c.get("services"), callerOf(c), id, locale),
      cache: { image: "private, no-store", sheet: "private, no-store" },
      fileName: (locale, _id, ext, p) => translate(locale, "memorial_manage.qr_file_name", { name: p.name, ext }),
      ascii: (id, ext) => `memorial-${id}-${ext}`,
    }),
  )
  .openapi(
    apiRoute({
      permission: "public",
      method: "get",
      path: "/memorials/links",
      tags: TAGS,
      summary: "The public, indexable memorials of some burials (the grave card's and the search results' links)",
      request: { query: ZBurialIds },
      responses: { 200: jsonResponse(ZMemorialLinks, "The links"), ...errorResponses(422) },
    }),
    async (c) => c.json(await publicLinks(c.get("services"), c.req.valid("query").burialIds), 200),
  )
  .openapi(
    apiRoute({
      permission: "public",
      method: "get",
      path: "/memorials/sitemap",
      tags: TAGS,
      summary: "The public memorials not hidden from search engines (the sitemap)",
      responses: { 200: jsonResponse(ZMemorialSitemap, "Their ids") },
    }),
    async (c) => c.json(await memorialSitemap(c.get("services")), 200),
  )
  .openapi(tributeMoveOperation, tributeMoveHandler)
  .openapi(suggestionMoveOperation, suggestionMoveHandler)
  .openapi(accessMoveOperation, accessMoveHandler)
  .openapi(claimMoveOperation, claimMoveHandler);
