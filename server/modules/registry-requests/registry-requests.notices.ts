import { defineNotices } from "../notifications/notices.ts";

/** What a visitor is told when the cemetery answers their search or add request. */
export const registryNotices = defineNotices({
  registry_found: ["name", "answer"],
  registry_added: ["name", "answer"],
  registry_not_found: ["name", "answer"],
});
