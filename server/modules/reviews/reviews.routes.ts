import { ZReviewAppealCreate, ZReviewBulkApprove, ZReviewCreate } from "../../../common/review-forms.ts";
import {
  ZPublicReviewPage,
  ZReview,
  ZReviewAppealCreated,
  ZReviewAppealPage,
  ZReviewCreated,
  ZReviewPage,
  ZReviewableLines,
  ZReviewsApproved,
} from "../../../common/review-schemas.ts";
import { apiRoute, callerOf } from "../../lib/api-route.ts";
import { createRouter } from "../../lib/http.ts";
import { errorResponses, jsonBody, jsonResponse, ZIdParam } from "../../lib/openapi.ts";
import { moveRoute } from "../workflow/move-route.ts";
import { reviewAppealMachine, reviewMachine } from "./reviews.machine.ts";
import {
  appealReview,
  approveReviews,
  getReview,
  itemReviews,
  listReviewAppeals,
  listReviews,
  reviewableLines,
  supplierReviews,
  writeReview,
  ZPublicReviewQuery,
  ZReviewAppealListQuery,
  ZReviewListQuery,
} from "./reviews.service.ts";

const TAGS = ["Reviews"];

const [reviewMoveOperation, reviewMoveHandler] = moveRoute(reviewMachine, {
  path: "/reviews/{id}/moves/{move}",
  permission: "signed-in",
  tags: TAGS,
  summary:
    "Make a move of a review: the moderator approves or rejects it (a reason), its author edits it until the " +
    "supplier replies, the supplier replies once",
});

const [appealMoveOperation, appealMoveHandler] = moveRoute(reviewAppealMachine, {
  path: "/review-appeals/{id}/moves/{move}",
  permission: "signed-in",
  tags: TAGS,
  summary:
    "Decide a supplier's appeal against a review (the moderator: an outcome and an answer), or withdraw it (the supplier)",
});

/**
 * Reviews of the marketplace (issue 15 §3): written by the family of a done line of its orders,
 * moderated by the platform, answered or appealed by the supplier; read by their author, their
 * company and the moderators (`reviewScope`); published ones by anyone.
 */
export const reviewRoutes = createRouter()
  .openapi(
    apiRoute({
      permission: "reviews.write",
      method: "post",
      path: "/reviews",
      tags: TAGS,
      summary: "Write a review of one's own done order line (within 100 days of its completion; one per line)",
      request: { body: jsonBody(ZReviewCreate) },
      responses: {
        201: jsonResponse(ZReviewCreated, "Written, waiting for moderation"),
        ...errorResponses(401, 403, 404, 409, 422),
      },
    }),
    async (c) => c.json(await writeReview(c.get("services"), callerOf(c), c.req.valid("json")), 201),
  )
  .openapi(
    apiRoute({
      permission: "signed-in",
      method: "get",
      path: "/reviews",
      tags: TAGS,
      summary:
        "Reviews the caller reaches: a family its own, a company its published ones, the moderator all " +
        "(the queue: status=pending&sort=createdAt)",
      request: { query: ZReviewListQuery },
      responses: { 200: jsonResponse(ZReviewPage, "A page of reviews"), ...errorResponses(401, 422) },
    }),
    async (c) => c.json(await listReviews(c.get("services"), callerOf(c), c.req.valid("query"), c.get("locale")), 200),
  )
  .openapi(
    apiRoute({
      permission: "reviews.write",
      method: "get",
      path: "/reviews/reviewable",
      tags: TAGS,
      summary: "The family's done lines it may still review (no review yet, within 100 days), newest done first",
      responses: { 200: jsonResponse(ZReviewableLines, "The lines"), ...errorResponses(401, 403) },
    }),
    async (c) => c.json(await reviewableLines(c.get("services"), callerOf(c), c.get("locale")), 200),
  )
  .openapi(
    apiRoute({
      permission: "reviews.moderate",
      method: "post",
      path: "/reviews/approve",
      tags: TAGS,
      summary: "Approve many pending reviews at once; those no longer pending are left as they are",
      request: { body: jsonBody(ZReviewBulkApprove) },
      responses: { 200: jsonResponse(ZReviewsApproved, "The reviews approved"), ...errorResponses(401, 403, 422) },
    }),
    async (c) => c.json(await approveReviews(c.get("services"), callerOf(c), c.req.valid("json").ids), 200),
  )
  .openapi(
    apiRoute({
      permission: "public",
      method: "get",
      path: "/reviews/items/{id}",
      tags: TAGS,
      summary: "An item's published reviews, newest first, with its rating (the mean and the count)",
      request: { params: ZIdParam, query: ZPublicReviewQuery },
      responses: { 200: jsonResponse(ZPublicReviewPage, "A page of reviews"), ...errorResponses(404, 422) },
    }),
    async (c) =>
      c.json(await itemReviews(c.get("services"), c.req.valid("param").id, c.req.valid("query"), c.get("locale")), 200),
  )
  .openapi(
    apiRoute({
      permission: "public",
      method: "get",
      path: "/reviews/suppliers/{id}",
      tags: TAGS,
      summary: "A company's published reviews over its items, newest first, with its rating",
      request: { params: ZIdParam, query: ZPublicReviewQuery },
      responses: { 200: jsonResponse(ZPublicReviewPage, "A page of reviews"), ...errorResponses(404, 422) },
    }),
    async (c) =>
      c.json(
        await supplierReviews(c.get("services"), c.req.valid("param").id, c.req.valid("query"), c.get("locale")),
        200,
      ),
  )
  .openapi(
    apiRoute({
      permission: "signed-in",
      method: "get",
      path: "/reviews/{id}",
      tags: TAGS,
      summary: "One review with its moderation, reply, latest appeal and the moves the caller may make now",
      request: { params: ZIdParam },
      responses: { 200: jsonResponse(ZReview, "The review"), ...errorResponses(401, 404, 422) },
    }),
    async (c) => c.json(await getReview(c.get("services"), callerOf(c), c.req.valid("param").id, c.get("locale")), 200),
  )
  .openapi(
    apiRoute({
      permission: "reviews.respond",
      method: "post",
      path: "/reviews/{id}/appeals",
      tags: TAGS,
      summary: "Appeal a published review of one's company: a reason, a text, evidence (one open appeal per review)",
      request: { params: ZIdParam, body: jsonBody(ZReviewAppealCreate) },
      responses: {
        201: jsonResponse(ZReviewAppealCreated, "Filed, waiting for the decision"),
        ...errorResponses(401, 403, 404, 409, 422),
      },
    }),
    async (c) =>
      c.json(await appealReview(c.get("services"), callerOf(c), c.req.valid("param").id, c.req.valid("json")), 201),
  )
  .openapi(
    apiRoute({
      permission: "signed-in",
      method: "get",
      path: "/review-appeals",
      tags: TAGS,
      summary: "Appeals against reviews: the moderator's queue (oldest first), a company its own; each with its review",
      request: { query: ZReviewAppealListQuery },
      responses: { 200: jsonResponse(ZReviewAppealPage, "A page of appeals"), ...errorResponses(401, 422) },
    }),
    async (c) =>
      c.json(await listReviewAppeals(c.get("services"), callerOf(c), c.req.valid("query"), c.get("locale")), 200),
  )
  .openapi(reviewMoveOperation, reviewMoveHandler)
  .openapi(appealMoveOperation, appealMoveHandler);
