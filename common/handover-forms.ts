import { z } from "zod";
import { HANDOVER_LIMITS, HANDOVER_RELATIONS } from "./handovers.ts";
import { personName, ZId, ZPhone } from "./schemas.ts";

/**
 * The form of a grave's hand-over (`/client/cemetery/handover`), the handovers module's own; listed
 * with every area's forms in `forms.ts`. The relative is named by their phone (they agree in their
 * own account: one who has none yet signs up with it) and full name; the kinship's documents
 * (at least one) and others are uploaded first and passed by id.
 */
const files = z
  .array(z.string().uuid("validation.invalid"))
  .max(HANDOVER_LIMITS.filesMax, "validation.appeal_files_max");

export const ZHandoverCreate = z.object({
  burialId: ZId,
  recipientPhone: ZPhone,
  recipientSurname: personName(),
  recipientName: personName(),
  recipientPatronymic: z.string().trim().max(80).default(""),
  relation: z.enum(HANDOVER_RELATIONS, { error: "validation.required" }),
  comment: z.string().trim().max(HANDOVER_LIMITS.commentMax, "validation.handover_comment").default(""),
  kinshipIds: files.min(1, "validation.handover_kinship"),
  otherIds: files.default([]),
});
export type THandoverCreate = z.input<typeof ZHandoverCreate>;
