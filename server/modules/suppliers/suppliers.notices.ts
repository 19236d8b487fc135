import { defineNotices } from "../notifications/notices.ts";

/** What a supplier company's people and the platform's admins are told about the company. */
export const supplierNotices = defineNotices({
  // To the company
  supplier_activated: ["company"],
  supplier_blocked: ["company", "reason"],
  supplier_unblocked: ["company"],
  // To a person the company's owner invited
  supplier_person_invited: ["company"],
  // To the admins who review suppliers
  supplier_documents_updated: ["company", "count"],
});
