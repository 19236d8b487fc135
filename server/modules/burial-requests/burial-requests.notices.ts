import { defineNotices } from "../notifications/notices.ts";

/** What families and the cemetery's staff are told about burial requests (texts: `notifications.kind.*`). */
export const burialNotices = defineNotices({
  // To the cemetery's managers
  burial_booked: ["number"],
  burial_paid_online: ["number"],
  burial_free_staff: ["number"],
  burial_cancelled_by_client: ["number"],
  // To the family
  burial_paid: ["number"],
  burial_free: ["number"],
  burial_confirmed: ["number"],
  burial_completed: ["number"],
  burial_cancelled: ["number", "reason"],
  burial_expired: ["number"],
  burial_expires_soon: ["number", "hours"],
});
