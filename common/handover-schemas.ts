/**
 * The API's answers about grave hand-overs (`server/modules/handovers/handovers.routes.ts`): the
 * routes' OpenAPI schemas, whose types the screens read through the shared client.
 */
import { z } from "zod";
import { pageSchema, ZUploadFile } from "./api-schemas.ts";
import { ZCaseHistory } from "./case-schemas.ts";
import { HANDOVER_MOVES, HANDOVER_RELATIONS, HANDOVER_STATUSES } from "./handovers.ts";

/** The grave: its deceased, cemetery and place. */
export const ZHandoverGrave = z.object({
  burialId: z.number(),
  deceased: z.string(),
  years: z.string(),
  cemetery: z.object({ id: z.number(), name: z.string() }),
  sector: z.string(),
  row: z.string(),
  place: z.number(),
});

export const ZHandoverListItem = z
  .object({
    id: z.number(),
    number: z.string(),
    status: z.enum(HANDOVER_STATUSES),
    grave: ZHandoverGrave,
    fromName: z.string(),
    toName: z.string(),
    relation: z.enum(HANDOVER_RELATIONS),
    createdAt: z.string(),
    /** The caller's side: the responsible person who hands the grave over, the relative, or the cemetery. */
    side: z.enum(["from", "to", "staff"]),
  })
  .meta({ id: "HandoverListItem" });
export type THandoverListItem = z.infer<typeof ZHandoverListItem>;
export const ZHandoverPage = pageSchema(ZHandoverListItem).meta({ id: "HandoverPage" });
export type THandoverPage = z.infer<typeof ZHandoverPage>;

export const ZHandover = z
  .object({
    id: z.number(),
    number: z.string(),
    status: z.enum(HANDOVER_STATUSES),
    grave: ZHandoverGrave,
    from: z.object({ name: z.string(), phone: z.string() }),
    to: z.object({ name: z.string(), phone: z.string() }),
    relation: z.enum(HANDOVER_RELATIONS),
    comment: z.string(),
    createdAt: z.string(),
    /** Until when the relative may agree (awaiting their consent). */
    consentBy: z.string().nullable(),
    refusal: z.string().nullable(),
    decidedAt: z.string().nullable(),
    documents: z.object({ kinship: z.array(ZUploadFile), other: z.array(ZUploadFile) }),
    history: ZCaseHistory,
    moves: z.array(z.enum(HANDOVER_MOVES)),
    side: z.enum(["from", "to", "staff"]),
  })
  .meta({ id: "Handover" });
export type THandover = z.infer<typeof ZHandover>;
