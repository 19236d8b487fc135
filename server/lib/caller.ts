/**
 * Who calls a service: the types every module takes for "the signed-in person" and "who acts",
 * kept below the modules so that none imports the auth or audit module just for a type (the module
 * graph stays acyclic: `server/modules/module-graph.test.ts`).
 */
import type { TSessionUser } from "../../common/api-types.ts";

/** The signed-in person as a session resolves them (`GET /me` answers the same). */
export type { TSessionUser };

/** Who acts: a signed-in user, or the system itself (seeds, timers, the payment provider's callback). */
export type Actor = { id: number; role: string } | TSystemActor;

/** The product's own hand: timers, callbacks, seeds. */
export type TSystemActor = { id: null; role: "system" };

export const SYSTEM: TSystemActor = { id: null, role: "system" };

/** Who reads a record: a signed-in person (their scope applies), or the system (every row). */
export type TCaller = TSessionUser | TSystemActor;

/** Whether the product itself acts (a timer, a callback), not a person: it holds no permission and has no scope. */
export function isSystem(actor: { role: string }): actor is TSystemActor {
  return actor.role === "system";
}
