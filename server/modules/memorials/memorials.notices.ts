import { defineNotices } from "../notifications/notices.ts";

/** What a memorial's people and its visitors are told (texts: `notifications.kind.*`, `memorials.*.json`). */
export const memorialNotices = defineNotices({
  // To the memorial's owners and co-managers
  memorial_tribute_new: ["name"],
  memorial_suggestion_new: ["name"],
  memorial_access_requested: ["name"],
  // To an invited co-manager or viewer
  memorial_invited: ["name"],
  // To a visitor
  memorial_access_granted: ["name"],
  memorial_tribute_shown: ["name"],
  memorial_suggestion_accepted: ["name"],
  // To the cemetery's staff, and the relative who asked
  memorial_claim_new: ["name"],
  memorial_claim_approved: ["name"],
  memorial_claim_refused: ["name", "reason"],
});
