import { afterAll, beforeAll, describe } from "vitest";
import type { HandoverMove, HandoverStatus } from "../../../common/handovers.ts";
import type { Queryable } from "../../db/client.ts";
import type { Actor } from "../../lib/caller.ts";
import { graveOf, handoverBasics, SECOND_FAMILY_PHONE, writeHandover } from "../../test/handover-fixtures.ts";
import { createHarness, type Harness } from "../../test/harness.ts";
import { actorsOf, itFollowsTheGrids, type TActorName } from "../../test/move-table.ts";
import { handoverMachine } from "./handovers.machine.ts";

let h: Harness;
let actors: Record<TActorName, Actor>;
let basics: Awaited<ReturnType<typeof handoverBasics>>;
beforeAll(async () => {
  h = await createHarness();
  await h.reset();
  actors = await actorsOf(h);
  basics = await handoverBasics(h);
});
afterAll(async () => h.close());

/**
 * A hand-over of a fresh grave of the demo manager's cemetery in `status`. The demo client is the
 * party the move is for: the sender when it withdraws, else the relative (its phone named, its
 * account recorded once it agreed), with the second demo family on the other side.
 */
async function create(db: Queryable, status: HandoverStatus, move: HandoverMove) {
  const sends = move === "withdraw";
  const fromUserId = sends ? basics.client : basics.family2;
  const burialId = await graveOf(db, basics.freePlot, fromUserId);
  return writeHandover(db, {
    burialId,
    cemeteryId: basics.mine,
    status,
    fromUserId,
    toPhone: sends ? SECOND_FAMILY_PHONE : h.phones.client,
    toUserId: sends ? basics.family2 : basics.client,
  });
}

const INPUT: Record<HandoverMove, () => Record<string, unknown>> = {
  consent: () => ({}),
  decline: () => ({}),
  withdraw: () => ({}),
  approve: () => ({}),
  refuse: () => ({ reason: "Документ о родстве не читается." }),
  expire: () => ({}),
};

/**
 * The relative (a family's account holding the named phone) agrees or declines while it waits for
 * them; the sender withdraws until the decision; the cemetery's staff (its manager, the admin)
 * approve or refuse what the relative agreed to; the system expires what waits too long. Other
 * roles hold no hand-over permission. Which family is the sender or the relative, and which
 * cemetery's manager decides, is the scope and the checks (`handovers.test.ts`).
 */
const EXPECTED = {
  consent: `
             awaiting_consent  submitted  approved  refused  declined  withdrawn  expired
    admin    403               403        403       403      403       403        403
    manager  403               403        403       403      403       403        403
    akimat   403               403        403       403      403       403        403
    supplier 403               403        403       403      403       403        403
    client   submitted         409        409       409      409       409        409
    system   403               403        403       403      403       403        403`,
  decline: `
             awaiting_consent  submitted  approved  refused  declined  withdrawn  expired
    admin    403               403        403       403      403       403        403
    manager  403               403        403       403      403       403        403
    akimat   403               403        403       403      403       403        403
    supplier 403               403        403       403      403       403        403
    client   declined          409        409       409      409       409        409
    system   403               403        403       403      403       403        403`,
  withdraw: `
             awaiting_consent  submitted  approved  refused  declined  withdrawn  expired
    admin    403               403        403       403      403       403        403
    manager  403               403        403       403      403       403        403
    akimat   403               403        403       403      403       403        403
    supplier 403               403        403       403      403       403        403
    client   withdrawn         withdrawn  409       409      409       409        409
    system   403               403        403       403      403       403        403`,
  approve: `
             awaiting_consent  submitted  approved  refused  declined  withdrawn  expired
    admin    409               approved   409       409      409       409        409
    manager  409               approved   409       409      409       409        409
    akimat   403               403        403       403      403       403        403
    supplier 403               403        403       403      403       403        403
    client   403               403        403       403      403       403        403
    system   403               403        403       403      403       403        403`,
  refuse: `
             awaiting_consent  submitted  approved  refused  declined  withdrawn  expired
    admin    409               refused    409       409      409       409        409
    manager  409               refused    409       409      409       409        409
    akimat   403               403        403       403      403       403        403
    supplier 403               403        403       403      403       403        403
    client   403               403        403       403      403       403        403
    system   403               403        403       403      403       403        403`,
  expire: `
             awaiting_consent  submitted  approved  refused  declined  withdrawn  expired
    admin    403               403        403       403      403       403        403
    manager  403               403        403       403      403       403        403
    akimat   403               403        403       403      403       403        403
    supplier 403               403        403       403      403       403        403
    client   403               403        403       403      403       403        403
    system   expired           409        409       409      409       409        409`,
};

describe("the grave hand-over's machine", () => {
  itFollowsTheGrids(handoverMachine, EXPECTED, () => ({
    h,
    actors,
    create,
    input: (move) => INPUT[move](),
  }));
});
