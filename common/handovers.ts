/**
 * The words of a grave's hand-over (issue 16 §3): the grave's responsible person (ответственное лицо
 * за захоронение, `burials.responsible_user_id`) passes the grave to another relative, with the
 * documents of their kinship; the relative agrees in their own account; the cemetery's manager
 * checks the documents and approves, and from then on the grave is the relative's — its certificate
 * is re-issued in their name (`server/modules/burial-requests/burial-documents*`), its care requests
 * and memorial are theirs to make. Shared by the API, its schemas and the screens, free of zod; the
 * machine is `server/modules/handovers/`.
 */
import type { TMoveForms } from "./move-forms.ts";

/**
 * The statuses (`handover.status.<status>`):
 * - `awaiting_consent`: sent; the relative has not agreed yet (an SMS asked them to sign in);
 * - `submitted`: the relative agreed; the cemetery checks the documents;
 * - `approved`: the grave is the relative's (the responsible person changed, the certificate re-issued);
 * - `refused`: the cemetery refused, with its reason;
 * - `declined`: the relative did not agree;
 * - `withdrawn`: the responsible person took it back before the decision;
 * - `expired`: the relative did not answer within `HANDOVER_LIMITS.consentDays`.
 */
export const HANDOVER_STATUSES = [
  "awaiting_consent",
  "submitted",
  "approved",
  "refused",
  "declined",
  "withdrawn",
  "expired",
] as const;
export type HandoverStatus = (typeof HANDOVER_STATUSES)[number];

/** A hand-over still under way: one at a time per grave. */
export const OPEN_HANDOVER_STATUSES: readonly HandoverStatus[] = ["awaiting_consent", "submitted"];

/**
 * The moves (`handover.move.<move>`): the relative's `consent` and `decline`; the responsible
 * person's `withdraw`; the cemetery's `approve` and `refuse`; the system's `expire`.
 */
export const HANDOVER_MOVES = ["consent", "decline", "withdraw", "approve", "refuse", "expire"] as const;
export type HandoverMove = (typeof HANDOVER_MOVES)[number];

/** The forms of the moves that ask for something. */
export const HANDOVER_MOVE_FORMS = {
  refuse: "ZReasonRequired",
} as const satisfies TMoveForms<HandoverMove>;

/** Who the relative is to the deceased (`handover.relation.<relation>`). */
export const HANDOVER_RELATIONS = ["spouse", "child", "parent", "sibling", "grandchild", "other"] as const;
export type HandoverRelation = (typeof HANDOVER_RELATIONS)[number];

export const HANDOVER_LIMITS = {
  /** Days the relative has to agree. */
  consentDays: 14,
  /** The responsible person's comment to the cemetery. */
  commentMax: 1000,
  /** Files of kinship (at least one) and of anything else. */
  filesMax: 5,
  fileBytesMax: 10_000_000,
  fileTypes: ["application/pdf", "image/jpeg", "image/png"],
} as const;

/** A hand-over's number as people read it: `H-2026-000123` (year of creation and id). */
export function handoverNumber(id: number, createdAt: Date | string): string {
  return `H-${new Date(createdAt).getUTCFullYear()}-${String(id).padStart(6, "0")}`;
}
