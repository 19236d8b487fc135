import type { RegistryRequestMove, TSessionUser } from "../../../common/api-types.ts";
import { linkTo } from "../../../common/route-table.ts";
import type { Queryable } from "../../db/client.ts";
import type { Services } from "../../services.ts";
import { tellPhone } from "../notifications/notifications.service.ts";
import { registryNotices } from "./registry-requests.notices.ts";
import { eq } from "drizzle-orm";
import { ZRequestClose, ZRequestTake } from "../../../common/schemas.ts";
import { fieldError } from "../../lib/errors.ts";
import { handlesRequestFor, registryRequestScope } from "../access/access.service.ts";
import { burials } from "../burials/burials.tables.ts";
import { plots } from "../cemeteries/cemeteries.tables.ts";
import {
  defineMachine,
  type MoveOf,
  type SameNames,
  type TMoveContext,
  type TMoveDef,
  type TNotice,
} from "../workflow/workflow.ts";
import { registryRequests } from "./registry-requests.tables.ts";

export type TRegistryRequestRow = typeof registryRequests.$inferSelect;
type Ctx = TMoveContext<typeof registryRequests>;
type TClosed = "found" | "added" | "not_found";

/** What every move stores: the staff member's answer, the record it points to, who answered. */
const answered = ({ row, actor, input }: Ctx) => ({
  answer: typeof input.answer === "string" ? input.answer : "",
  burialId: typeof input.burialId === "number" ? input.burialId : row.burialId,
  answeredBy: actor.id,
});

const linkOf = (r: TRegistryRequestRow) => linkTo("search", {}, r.burialId ? { grave: r.burialId } : undefined);
const paramsOf = (r: TRegistryRequestRow) => ({
  name: [r.surname, r.name].filter(Boolean).join(" "),
  answer: r.answer,
});
const answerNotice = (status: TClosed) => registryNotices[`registry_${status}`];

/**
 * The SMS to the phone the applicant gave. They have no account (or one we do not tie to the
 * phone), so it is not one of `tell`'s notices: their language is not known, so it says it in both.
 * Through the outbox: sent once the answer commits, retried if the gateway fails (decision 012). A
 * closed request is never answered again; the key keeps one message even so.
 */
async function smsApplicant(tx: Queryable, s: Services, row: TRegistryRequestRow, status: TClosed): Promise<void> {
  await tellPhone(tx, row.applicantPhone, answerNotice(status).content(paramsOf(row), linkOf(row)), {
    publicUrl: s.config.publicUrl,
    key: `registry-answer:${row.id}`,
  });
}

/**
 * The record an answer points to must be one the caller keeps: a number typed or sent by hand
 * cannot point the applicant to another cemetery's record.
 */
async function ownRecord(tx: Queryable, { actor, input }: Ctx): Promise<void> {
  if (typeof input.burialId !== "number" || actor.id === null) return;
  const [b] = await tx
    .select({ cemeteryId: plots.cemeteryId })
    .from(burials)
    .innerJoin(plots, eq(plots.id, burials.plotId))
    .where(eq(burials.id, input.burialId));
  if (!b || !(await handlesRequestFor(tx, { id: actor.id, role: actor.role as TSessionUser["role"] }, b.cemeteryId))) {
    throw fieldError("burialId", "validation.burial_id");
  }
}

/** Closes the request with an answer: the applicant is told in the app when they were signed in, and by SMS. */
const close = (status: TClosed): TMoveDef<typeof registryRequests> => ({
  from: ["new", "in_progress"],
  to: status,
  by: "cemetery.work",
  input: ZRequestClose,
  checkInput: ownRecord,
  set: answered,
  effects: (tx, s, { row }) => smsApplicant(tx, s, row, status),
  tell: ({ row }): TNotice[] =>
    row.applicantId ? [answerNotice(status)(row.applicantId, paramsOf(row), { link: linkOf(row) })] : [],
});

/**
 * A visitor's search or add request (`registry_requests`): it arrives `new`; the cemetery's staff
 * take it (`in_progress`, nobody told) or close it with an answer as found, added or not found.
 * A closed request stays closed. A staff member reaches the requests they handle (their
 * cemeteries, and those naming none: the scope); an answer may point only to a record of theirs
 * (`ownRecord`), and needs a text to close (`ZRequestClose`).
 */
export const registryRequestMachine = defineMachine({
  entity: "registry_request",
  table: registryRequests,
  statuses: ["new", "in_progress", "found", "added", "not_found"],
  initial: "new",
  scope: (caller) => registryRequestScope(caller, registryRequests.cemeteryId),
  notFound: "request_not_found",
  moves: {
    take: {
      from: ["new"],
      to: "in_progress",
      by: "cemetery.work",
      input: ZRequestTake,
      checkInput: ownRecord,
      set: answered,
    },
    answer_found: close("found"),
    answer_added: close("added"),
    answer_not_found: close("not_found"),
  },
});

/** The machine's moves are the ones the API's schemas and the screens name. */
const _sameMoves: SameNames<MoveOf<typeof registryRequestMachine>, RegistryRequestMove> = true;
