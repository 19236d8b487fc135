import { afterAll, beforeAll, describe } from "vitest";
import { earliestHearingDay, maxExtensionDay } from "../../../common/appeal-deadlines.ts";
import type { AppealMove, AppealStatus } from "../../../common/appeals.ts";
import type { Queryable } from "../../db/client.ts";
import { akimatCaseHarness, CASE_TODAY, caseRowValues } from "../../test/akimat-case-fixtures.ts";
import type { Harness } from "../../test/harness.ts";
import { itFollowsTheGrids, type TActorName } from "../../test/move-table.ts";
import type { Actor } from "../../lib/caller.ts";
import { appealMachine } from "./appeals.machine.ts";
import { appeals } from "./appeals.tables.ts";

const TODAY = CASE_TODAY;

let h: Harness;
let actors: Record<TActorName, Actor>;
let akimatId: number;
/** The client's unattached uploads, one for each `add_documents` case. */
let files: string[] = [];
beforeAll(async () => {
  ({ h, actors, akimatId, files } = await akimatCaseHarness(42, "scan"));
});
afterAll(async () => h.close());

let n = 0;
/** An appeal of the demo client to the demo akimat, registered today, in `status` with that status's data. */
async function create(db: Queryable, status: AppealStatus) {
  n += 1;
  const [row] = await db
    .insert(appeals)
    .values({
      number: `${akimatId}-2026-${String(n).padStart(6, "0")}`,
      akimatId,
      channel: "web",
      type: "statement",
      status,
      text: "Прошу навести порядок в секторе Б.",
      ...caseRowValues(actors, status, "registered"),
    })
    .returning();
  return row as typeof appeals.$inferSelect;
}

const INPUT: Record<AppealMove, () => Record<string, unknown>> = {
  take: () => ({}),
  assign: () => ({ assigneeId: actors.akimat.id }),
  reassign: () => ({ assigneeId: actors.akimat.id }),
  ask_documents: () => ({ request: "Приложите копию удостоверения о захоронении." }),
  resume: () => ({}),
  hearing_notice: () => ({ proposal: "Отказать: место не свободно.", hearingDate: earliestHearingDay(TODAY) }),
  extend: () => ({ reason: "Нужен выезд на кладбище.", until: maxExtensionDay(TODAY) }),
  redirect: () => ({
    toBody: "Департамент санитарно-эпидемиологического контроля",
    reason: "Не в компетенции акимата.",
  }),
  answer: () => ({
    outcome: "satisfied",
    facts: "Сектор осмотрен.",
    grounds: "Правила погребения, п. 12.",
    actions: "Уборка проведена 30.03.2026.",
    howToComplain: "В вышестоящий орган или в суд в течение трёх месяцев.",
    signatoryName: "Жұмабаев Е. М.",
    signatoryPosition: "Руководитель отдела",
  }),
  record_withdrawal: () => ({ reason: "Заявитель отозвал обращение устно на приёме." }),
  withdraw: () => ({}),
  add_documents: () => ({ attachmentIds: [files.pop() as string] }),
};

/**
 * The akimat's staff (the demo one is its admin, so also its head for extensions) handle appeals;
 * the applicant (the demo client) withdraws an open one and adds documents when asked; a supplier
 * holds the applicant's permission but this appeal is not theirs (409: `when`); nobody else moves
 * an appeal. Which akimat's appeals a staff member reaches is the scope (`appeals.test.ts`).
 */
const EXPECTED = {
  take: `
             registered  in_work  waiting_applicant  hearing  redirected  answered  withdrawn
    admin    403         403      403                403      403         403       403
    manager  403         403      403                403      403         403       403
    akimat   in_work     409      409                409      409         409       409
    supplier 403         403      403                403      403         403       403
    client   403         403      403                403      403         403       403
    system   403         403      403                403      403         403       403`,
  assign: `
             registered  in_work  waiting_applicant  hearing  redirected  answered  withdrawn
    admin    403         403      403                403      403         403       403
    manager  403         403      403                403      403         403       403
    akimat   in_work     409      409                409      409         409       409
    supplier 403         403      403                403      403         403       403
    client   403         403      403                403      403         403       403
    system   403         403      403                403      403         403       403`,
  reassign: `
             registered  in_work  waiting_applicant  hearing  redirected  answered  withdrawn
    admin    403         403      403                403      403         403       403
    manager  403         403      403                403      403         403       403
    akimat   409         in_work  waiting_applicant  hearing  409         409       409
    supplier 403         403      403                403      403         403       403
    client   403         403      403                403      403         403       403
    system   403         403      403                403      403         403       403`,
  ask_documents: `
             registered  in_work            waiting_applicant  hearing  redirected  answered  withdrawn
    admin    403         403                403                403      403         403       403
    manager  403         403                403                403      403         403       403
    akimat   409         waiting_applicant  409                409      409         409       409
    supplier 403         403                403                403      403         403       403
    client   403         403                403                403      403         403       403
    system   403         403                403                403      403         403       403`,
  resume: `
             registered  in_work  waiting_applicant  hearing  redirected  answered  withdrawn
    admin    403         403      403                403      403         403       403
    manager  403         403      403                403      403         403       403
    akimat   409         409      in_work            409      409         409       409
    supplier 403         403      403                403      403         403       403
    client   403         403      403                403      403         403       403
    system   403         403      403                403      403         403       403`,
  hearing_notice: `
             registered  in_work  waiting_applicant  hearing  redirected  answered  withdrawn
    admin    403         403      403                403      403         403       403
    manager  403         403      403                403      403         403       403
    akimat   409         hearing  hearing            409      409         409       409
    supplier 403         403      403                403      403         403       403
    client   403         403      403                403      403         403       403
    system   403         403      403                403      403         403       403`,
  extend: `
             registered  in_work  waiting_applicant  hearing  redirected  answered  withdrawn
    admin    403         403      403                403      403         403       403
    manager  403         403      403                403      403         403       403
    akimat   registered  in_work  waiting_applicant  hearing  409         409       409
    supplier 403         403      403                403      403         403       403
    client   403         403      403                403      403         403       403
    system   403         403      403                403      403         403       403`,
  redirect: `
             registered  in_work     waiting_applicant  hearing  redirected  answered  withdrawn
    admin    403         403         403                403      403         403       403
    manager  403         403         403                403      403         403       403
    akimat   redirected  redirected  redirected         409      409         409       409
    supplier 403         403         403                403      403         403       403
    client   403         403         403                403      403         403       403
    system   403         403         403                403      403         403       403`,
  answer: `
             registered  in_work   waiting_applicant  hearing   redirected  answered  withdrawn
    admin    403         403       403                403       403         403       403
    manager  403         403       403                403       403         403       403
    akimat   409         answered  answered           answered  409         409       409
    supplier 403         403       403                403       403         403       403
    client   403         403       403                403       403         403       403
    system   403         403       403                403       403         403       403`,
  record_withdrawal: `
             registered  in_work    waiting_applicant  hearing    redirected  answered  withdrawn
    admin    403         403        403                403        403         403       403
    manager  403         403        403                403        403         403       403
    akimat   withdrawn   withdrawn  withdrawn          withdrawn  409         409       409
    supplier 403         403        403                403        403         403       403
    client   403         403        403                403        403         403       403
    system   403         403        403                403        403         403       403`,
  withdraw: `
             registered  in_work    waiting_applicant  hearing    redirected  answered  withdrawn
    admin    403         403        403                403        403         403       403
    manager  403         403        403                403        403         403       403
    akimat   403         403        403                403        403         403       403
    supplier 409         409        409                409        409         409       409
    client   withdrawn   withdrawn  withdrawn          withdrawn  409         409       409
    system   403         403        403                403        403         403       403`,
  add_documents: `
             registered  in_work  waiting_applicant  hearing  redirected  answered  withdrawn
    admin    403         403      403                403      403         403       403
    manager  403         403      403                403      403         403       403
    akimat   403         403      403                403      403         403       403
    supplier 409         409      409                409      409         409       409
    client   409         409      in_work            409      409         409       409
    system   403         403      403                403      403         403       403`,
};

describe("the appeal's machine", () => {
  itFollowsTheGrids(appealMachine, EXPECTED, () => ({
    h,
    actors,
    create: (db, status) => create(db, status),
    input: (move) => INPUT[move](),
  }));
});
