import { defineNotices } from "../notifications/notices.ts";

/** What the family, the relative and the cemetery's staff are told about a grave's hand-over (texts: `notifications.kind.*`). */
export const handoverNotices = defineNotices({
  // To the relative (by SMS too: they are asked to agree)
  handover_asked: ["number", "from", "deceased"],
  // To the responsible person who sent it
  handover_consented: ["number", "to", "deceased"],
  handover_declined: ["number", "to", "deceased"],
  handover_expired: ["number", "to", "deceased"],
  // To both sides (by SMS: the grave changed hands, or did not)
  handover_approved: ["number", "deceased"],
  handover_refused: ["number", "deceased"],
  // To the relative, when the sender took it back
  handover_withdrawn: ["number", "deceased"],
  // To the cemetery's managers
  handover_received: ["number", "deceased"],
});
export type HandoverNoticeKind = keyof typeof handoverNotices;
