import { afterAll, beforeAll, describe } from "vitest";
import type { ReviewAppealMove, ReviewAppealStatus, ReviewMove, ReviewStatus } from "../../../common/reviews.ts";
import type { Queryable } from "../../db/client.ts";
import type { Actor } from "../../lib/caller.ts";
import { createHarness, type Harness } from "../../test/harness.ts";
import { actorsOf, itFollowsTheGrids, type TActorName } from "../../test/move-table.ts";
import { catalogItem, demoSupplierId, orderLine } from "../../test/review-fixtures.ts";
import { reviewAppealMachine, reviewMachine } from "./reviews.machine.ts";
import { reviewAppeals, reviews } from "./reviews.tables.ts";

const NOW = new Date("2026-11-25T06:00:00Z");
const DAY = 24 * 3600_000;

let h: Harness;
let actors: Record<TActorName, Actor>;
let supplierId: number;
let itemId: number;
beforeAll(async () => {
  h = await createHarness();
  await h.reset();
  h.setNow(NOW);
  actors = await actorsOf(h);
  supplierId = await demoSupplierId(h.db);
  itemId = await catalogItem(h.db, supplierId);
});
afterAll(async () => h.close());

/** A review by the demo client of a line of the demo supplier done yesterday, in `status`. */
async function review(db: Queryable, status: ReviewStatus) {
  const lineId = await orderLine(db, {
    clientId: actors.client.id as number,
    itemId,
    doneAt: new Date(NOW.getTime() - DAY),
  });
  const [row] = await db
    .insert(reviews)
    .values({
      lineId,
      itemId,
      supplierId,
      authorId: actors.client.id as number,
      status,
      rating: 4,
      text: "Венок привезли вовремя, всё аккуратно.",
      editableUntil: new Date(NOW.getTime() + 99 * DAY),
      publishedAt: status === "approved" ? NOW : null,
      rejectReason: status === "rejected" ? "spam" : null,
    })
    .returning();
  return row as typeof reviews.$inferSelect;
}

const REVIEW_INPUT: Record<ReviewMove, Record<string, unknown>> = {
  approve: {},
  reject: { reason: "personal_data", comment: "Уберите, пожалуйста, номер телефона." },
  edit: { rating: 3, text: "Привезли вовремя, но лента помялась.", photoIds: [] },
  reply: { text: "Спасибо! Учтём замечание про ленту." },
};

/**
 * The platform's moderator (the admin) approves or rejects a pending review; its author (the demo
 * client) edits it in any status — back to moderation — while the supplier has not replied; the
 * company's people (the demo supplier) reply once to a published one. Which company's reviews a
 * supplier reaches, and that a family reaches only its own, is the scope (`reviews.test.ts`).
 */
const REVIEW_GRIDS = {
  approve: `
             pending   approved  rejected
    admin    approved  409       409
    manager  403       403       403
    akimat   403       403       403
    supplier 403       403       403
    client   403       403       403
    system   403       403       403`,
  reject: `
             pending   approved  rejected
    admin    rejected  409       409
    manager  403       403       403
    akimat   403       403       403
    supplier 403       403       403
    client   403       403       403
    system   403       403       403`,
  edit: `
             pending  approved  rejected
    admin    403      403       403
    manager  403      403       403
    akimat   403      403       403
    supplier 403      403       403
    client   pending  pending   pending
    system   403      403       403`,
  reply: `
             pending  approved  rejected
    admin    403      403       403
    manager  403      403       403
    akimat   403      403       403
    supplier 409      approved  409
    client   403      403       403
    system   403      403       403`,
};

describe("the review's machine", () => {
  itFollowsTheGrids(reviewMachine, REVIEW_GRIDS, () => ({
    h,
    actors,
    create: (db, status) => review(db, status),
    input: (move) => REVIEW_INPUT[move],
  }));
});

/** An appeal of the demo supplier against a published review, in `status`. */
async function appeal(db: Queryable, status: ReviewAppealStatus) {
  const r = await review(db, "approved");
  const [row] = await db
    .insert(reviewAppeals)
    .values({
      reviewId: r.id,
      supplierId,
      createdBy: actors.supplier.id,
      status,
      reason: "about_cemetery_or_platform",
      text: "Отзыв о дороге к кладбищу, а не о нашей работе.",
      outcome: status === "decided" ? "keep" : null,
      answer: status === "decided" ? "Отзыв о работе компании, оставляем." : null,
    })
    .returning();
  return row as typeof reviewAppeals.$inferSelect;
}

const APPEAL_INPUT: Record<ReviewAppealMove, Record<string, unknown>> = {
  decide: { outcome: "exclude", answer: "Отзыв о дороге, не о компании: оценка не учитывается." },
  withdraw: {},
};

/** The moderator decides a pending appeal; the company withdraws its own before the decision. */
const APPEAL_GRIDS = {
  decide: `
             pending  decided  withdrawn
    admin    decided  409      409
    manager  403      403      403
    akimat   403      403      403
    supplier 403      403      403
    client   403      403      403
    system   403      403      403`,
  withdraw: `
             pending    decided  withdrawn
    admin    403        403      403
    manager  403        403      403
    akimat   403        403      403
    supplier withdrawn  409      409
    client   403        403      403
    system   403        403      403`,
};

describe("the review appeal's machine", () => {
  itFollowsTheGrids(reviewAppealMachine, APPEAL_GRIDS, () => ({
    h,
    actors,
    create: (db, status) => appeal(db, status),
    input: (move) => APPEAL_INPUT[move],
  }));
});
