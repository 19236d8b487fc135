import { defineNotices } from "../notifications/notices.ts";

/** What families, suppliers and the platform's moderators are told about reviews (texts: `notifications.kind.*`). */
export const reviewNotices = defineNotices({
  // To the moderators
  review_submitted: ["item"],
  review_appeal_filed: ["item", "supplier"],
  // To the family
  review_approved: ["item"],
  review_rejected: ["item", "reason"],
  review_replied: ["item", "supplier"],
  // To the supplier's people
  review_published: ["item", "rating"],
  review_appeal_decided: ["item", "outcome"],
});
export type ReviewNoticeKind = keyof typeof reviewNotices;
