import { defineNotices } from "../notifications/notices.ts";

/** What an akimat's new staff member is told: invited as its admin, or as an employee. */
export const akimatNotices = defineNotices({
  akimat_invited: [],
  employee_invited: [],
});
