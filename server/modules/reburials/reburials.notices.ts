import { defineNotices } from "../notifications/notices.ts";

/** What applicants and the akimat's staff are told about reburial requests (texts: `notifications.kind.*`). */
export const reburialNotices = defineNotices({
  // To the applicant (in the app; by SMS for the steps that ask something of them or decide)
  reburial_registered: ["number", "due"],
  reburial_in_work: ["number"],
  reburial_documents_requested: ["number"],
  reburial_hearing: ["number", "date", "time"],
  reburial_approved: ["number", "date"],
  reburial_refused: ["number"],
  reburial_done: ["number"],
  // To the akimat's staff (its admins, the assignee)
  reburial_received: ["number", "due"],
  reburial_assigned: ["number", "due"],
  reburial_documents_added: ["number", "due?"],
  reburial_withdrawn: ["number", "due?"],
  reburial_due_soon: ["number", "due"],
  reburial_due_today: ["number", "due"],
});
export type ReburialNoticeKind = keyof typeof reburialNotices;
