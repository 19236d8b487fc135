import { defineNotices } from "../notifications/notices.ts";

/** What the family and the cemetery's managers are told of grave care, each step by the other side. */
export const careNotices = defineNotices({
  // To the cemetery's managers
  care_ordered: ["number", "deceased"],
  care_cancelled_by_family: ["number"],
  care_disputed: ["number"],
  care_confirmed_by_family: ["number"],
  care_paid_online: ["number"],
  permit_requested: ["kind", "deceased", "due"],
  permit_due: ["kind", "deceased", "due"],
  // To the family
  care_accepted: ["number", "total"],
  care_payment_recorded: ["number"],
  care_scheduled: ["number", "date"],
  care_done: ["number", "answerBy"],
  care_answer_soon: ["number", "answerBy"],
  care_auto_confirmed: ["number"],
  care_closed: ["number"],
  care_rejected: ["number", "reason"],
  permit_issued: ["kind", "deceased", "validUntil"],
  permit_refused: ["kind", "deceased", "reason"],
  permit_expired: ["kind", "deceased"],
});
export type CareNoticeKind = keyof typeof careNotices;
