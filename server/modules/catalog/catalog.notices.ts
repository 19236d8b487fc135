import { defineNotices } from "../notifications/notices.ts";

/** What a supplier company's people and the catalogue's moderators are told about its items. */
export const catalogNotices = defineNotices({
  // To the moderators
  catalog_submitted: ["name", "company"],
  catalog_revision_submitted: ["name", "company"],
  // To the company
  catalog_approved: ["name"],
  catalog_returned: ["name", "comment?"],
  catalog_blocked: ["name", "reason"],
  catalog_unblocked: ["name"],
  catalog_revision_approved: ["name"],
  catalog_revision_returned: ["name", "comment?"],
});
