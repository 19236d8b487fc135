import { defineNotices } from "../notifications/notices.ts";

/** What applicants and the akimat's staff are told about appeals (texts: `notifications.kind.*`). */
export const appealNotices = defineNotices({
  // To the applicant (in the app, and by SMS for the steps that ask something of them or decide)
  appeal_registered: ["number", "date", "due"],
  appeal_in_work: ["number"],
  appeal_documents_requested: ["number"],
  appeal_hearing: ["number", "date", "time"],
  appeal_extended: ["number", "date"],
  appeal_redirected: ["number", "body"],
  appeal_answered: ["number"],
  // To the akimat's staff (its admins, the assignee)
  appeal_received: ["number", "due"],
  appeal_assigned: ["number", "due"],
  appeal_documents_added: ["number", "due?"],
  appeal_withdrawn: ["number", "due?"],
  appeal_due_soon: ["number", "due"],
  appeal_due_today: ["number", "due"],
});
export type AppealNoticeKind = keyof typeof appealNotices;
