import { afterAll, beforeAll, describe } from "vitest";
import { earliestHearingDay } from "../../../common/appeal-deadlines.ts";
import type { ReburialMove, ReburialStatus } from "../../../common/reburials.ts";
import type { Queryable } from "../../db/client.ts";
import type { Actor } from "../../lib/caller.ts";
import { akimatCaseHarness, CASE_TODAY, caseRowValues } from "../../test/akimat-case-fixtures.ts";
import type { Harness } from "../../test/harness.ts";
import { itFollowsTheGrids, type TActorName } from "../../test/move-table.ts";
import { reburialMachine } from "./reburials.machine.ts";
import { reburialRequests } from "./reburials.tables.ts";

const TODAY = CASE_TODAY;

let h: Harness;
let actors: Record<TActorName, Actor>;
let akimatId: number;
/** The client's unattached uploads, one for each `add_documents` case. */
let files: string[] = [];
beforeAll(async () => {
  ({ h, actors, akimatId, files } = await akimatCaseHarness(60, "consent"));
});
afterAll(async () => h.close());

/**
 * A request of the demo client to the demo akimat, registered today, in `status` with that status's
 * data: a grave outside the platform moved to a place outside (so an approved one is done by the
 * akimat's `record_reburied`, and the system's `complete` — a destination's booking completed —
 * does not apply: the service test carries a booking through it).
 */
async function create(db: Queryable, status: ReburialStatus) {
  const [row] = await db
    .insert(reburialRequests)
    .values({
      akimatId,
      status,
      sourceCountry: "Казахстан",
      sourceCity: "Тараз",
      sourceText: "Старое городское кладбище, участок 4",
      surname: "Иванов",
      destinationText: "Алматы, кладбище Кенсай",
      reason: "Кладбище закрыто, семья переехала.",
      ...caseRowValues(actors, status, "submitted"),
    })
    .returning();
  return row as typeof reburialRequests.$inferSelect;
}

const INPUT: Record<ReburialMove, () => Record<string, unknown>> = {
  take: () => ({}),
  assign: () => ({ assigneeId: actors.akimat.id }),
  reassign: () => ({ assigneeId: actors.akimat.id }),
  ask_documents: () => ({ request: "Приложите согласие братьев и сестёр." }),
  resume: () => ({}),
  hearing_notice: () => ({
    proposal: "Отказать: нет исключительных оснований.",
    hearingDate: earliestHearingDay(TODAY),
  }),
  approve: () => ({ reburialDate: TODAY, feeWaived: true }),
  refuse: () => ({ reason: "Нет исключительных оснований.", howToComplain: "В суд в течение трёх месяцев." }),
  record_reburied: () => ({ reburiedOn: TODAY }),
  add_documents: () => ({ kind: "consent", attachmentIds: [files.pop() as string] }),
  withdraw: () => ({}),
  complete: () => ({}),
};

/**
 * The akimat's staff handle reburial requests (a refusal only from the hearing); the applicant (the
 * demo client) adds documents when asked and withdraws until the decision; a supplier, a manager and
 * the platform's admin hold no reburial permission; the system completes an approved request whose
 * destination is a cemetery of the platform only (here it is outside: 409). Which akimat's requests
 * a staff member reaches, and which client's, is the scope (`reburials.test.ts`).
 */
const EXPECTED = {
  take: `
             submitted  in_work  waiting_applicant  hearing  approved  refused  withdrawn  reburied
    admin    403        403      403                403      403       403      403        403
    manager  403        403      403                403      403       403      403        403
    akimat   in_work    409      409                409      409       409      409        409
    supplier 403        403      403                403      403       403      403        403
    client   403        403      403                403      403       403      403        403
    system   403        403      403                403      403       403      403        403`,
  assign: `
             submitted  in_work  waiting_applicant  hearing  approved  refused  withdrawn  reburied
    admin    403        403      403                403      403       403      403        403
    manager  403        403      403                403      403       403      403        403
    akimat   in_work    409      409                409      409       409      409        409
    supplier 403        403      403                403      403       403      403        403
    client   403        403      403                403      403       403      403        403
    system   403        403      403                403      403       403      403        403`,
  reassign: `
             submitted  in_work  waiting_applicant  hearing  approved  refused  withdrawn  reburied
    admin    403        403      403                403      403       403      403        403
    manager  403        403      403                403      403       403      403        403
    akimat   409        in_work  waiting_applicant  hearing  approved  409      409        409
    supplier 403        403      403                403      403       403      403        403
    client   403        403      403                403      403       403      403        403
    system   403        403      403                403      403       403      403        403`,
  ask_documents: `
             submitted  in_work            waiting_applicant  hearing  approved  refused  withdrawn  reburied
    admin    403        403                403                403      403       403      403        403
    manager  403        403                403                403      403       403      403        403
    akimat   409        waiting_applicant  409                409      409       409      409        409
    supplier 403        403                403                403      403       403      403        403
    client   403        403                403                403      403       403      403        403
    system   403        403                403                403      403       403      403        403`,
  resume: `
             submitted  in_work  waiting_applicant  hearing  approved  refused  withdrawn  reburied
    admin    403        403      403                403      403       403      403        403
    manager  403        403      403                403      403       403      403        403
    akimat   409        409      in_work            409      409       409      409        409
    supplier 403        403      403                403      403       403      403        403
    client   403        403      403                403      403       403      403        403
    system   403        403      403                403      403       403      403        403`,
  hearing_notice: `
             submitted  in_work  waiting_applicant  hearing  approved  refused  withdrawn  reburied
    admin    403        403      403                403      403       403      403        403
    manager  403        403      403                403      403       403      403        403
    akimat   409        hearing  hearing            409      409       409      409        409
    supplier 403        403      403                403      403       403      403        403
    client   403        403      403                403      403       403      403        403
    system   403        403      403                403      403       403      403        403`,
  approve: `
             submitted  in_work   waiting_applicant  hearing   approved  refused  withdrawn  reburied
    admin    403        403       403                403       403       403      403        403
    manager  403        403       403                403       403       403      403        403
    akimat   409        approved  409                approved  409       409      409        409
    supplier 403        403       403                403       403       403      403        403
    client   403        403       403                403       403       403      403        403
    system   403        403       403                403       403       403      403        403`,
  refuse: `
             submitted  in_work  waiting_applicant  hearing  approved  refused  withdrawn  reburied
    admin    403        403      403                403      403       403      403        403
    manager  403        403      403                403      403       403      403        403
    akimat   409        409      409                refused  409       409      409        409
    supplier 403        403      403                403      403       403      403        403
    client   403        403      403                403      403       403      403        403
    system   403        403      403                403      403       403      403        403`,
  record_reburied: `
             submitted  in_work  waiting_applicant  hearing  approved  refused  withdrawn  reburied
    admin    403        403      403                403      403       403      403        403
    manager  403        403      403                403      403       403      403        403
    akimat   409        409      409                409      reburied  409      409        409
    supplier 403        403      403                403      403       403      403        403
    client   403        403      403                403      403       403      403        403
    system   403        403      403                403      403       403      403        403`,
  add_documents: `
             submitted  in_work  waiting_applicant  hearing  approved  refused  withdrawn  reburied
    admin    403        403      403                403      403       403      403        403
    manager  403        403      403                403      403       403      403        403
    akimat   403        403      403                403      403       403      403        403
    supplier 403        403      403                403      403       403      403        403
    client   409        409      in_work            409      409       409      409        409
    system   403        403      403                403      403       403      403        403`,
  withdraw: `
             submitted  in_work    waiting_applicant  hearing    approved  refused  withdrawn  reburied
    admin    403        403        403                403        403       403      403        403
    manager  403        403        403                403        403       403      403        403
    akimat   403        403        403                403        403       403      403        403
    supplier 403        403        403                403        403       403      403        403
    client   withdrawn  withdrawn  withdrawn          withdrawn  409       409      409        409
    system   403        403        403                403        403       403      403        403`,
  complete: `
             submitted  in_work  waiting_applicant  hearing  approved  refused  withdrawn  reburied
    admin    403        403      403                403      403       403      403        403
    manager  403        403      403                403      403       403      403        403
    akimat   403        403      403                403      403       403      403        403
    supplier 403        403      403                403      403       403      403        403
    client   403        403      403                403      403       403      403        403
    system   409        409      409                409      409       409      409        409`,
};

describe("the reburial request's machine", () => {
  itFollowsTheGrids(reburialMachine, EXPECTED, () => ({
    h,
    actors,
    create: (db, status) => create(db, status),
    input: (move) => INPUT[move](),
  }));
});
