import { defineNotices } from "../notifications/notices.ts";

/** What a cemetery manager is told about their invitation and their cemeteries. */
export const managerNotices = defineNotices({
  manager_invited: ["name"],
  cemetery_assigned: ["cemetery"],
  cemetery_unassigned: ["cemetery"],
});
