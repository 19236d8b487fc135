import { defineNotices } from "../notifications/notices.ts";

/** What a person is told about their new account, and the admins about a company that signed up. */
export const accountNotices = defineNotices({
  welcome: ["name"],
  supplier_registered: ["company"],
  supplier_needs_review: ["company"],
});
