/**
 * What the machine tests of the cases addressed to an akimat (appeals, reburial requests) start
 * from: a fresh harness on a working day, the move table's actors, the demo akimat and a stock of
 * the demo client's unattached uploads; and the columns every case row of those tests shares (the
 * demo client as applicant, registered today, assigned once past its first status, a hearing's data
 * in `hearing`).
 */
import { answerDueDay } from "../../common/appeal-deadlines.ts";
import type { Actor } from "../lib/caller.ts";
import { uploads } from "../modules/uploads/uploads.tables.ts";
import { createHarness, type Harness } from "./harness.ts";
import { actorsOf, type TActorName } from "./move-table.ts";
import { demoAkimatId } from "./registry-fixtures.ts";

/** Wednesday 1 April 2026, 10:00 in Almaty: a working day. */
export const CASE_NOW = new Date("2026-04-01T05:00:00Z");
export const CASE_TODAY = "2026-04-01";

/** A harness at `CASE_NOW` with the actors, the demo akimat and `fileCount` uploads named `<fileName>-<i>.pdf`. */
export async function akimatCaseHarness(
  fileCount: number,
  fileName: string,
): Promise<{ h: Harness; actors: Record<TActorName, Actor>; akimatId: number; files: string[] }> {
  const h = await createHarness();
  await h.reset();
  h.setNow(CASE_NOW);
  const actors = await actorsOf(h);
  const akimatId = await demoAkimatId(h.db);
  const rows = await h.db
    .insert(uploads)
    .values(
      Array.from({ length: fileCount }, (_, i) => ({
        ownerId: actors.client.id,
        ip: "10.0.0.1",
        purpose: "document" as const,
        name: `${fileName}-${i}.pdf`,
        type: "application/pdf",
        size: 1000,
        sha256: "0".repeat(64),
        storageKey: `test/${i}`,
      })),
    )
    .returning({ id: uploads.id });
  return { h, actors, akimatId, files: rows.map((r) => r.id) };
}

/**
 * A case row's shared columns in `status`: the demo client's, registered today, due in 15 working
 * days, the akimat's demo staff member assigned unless the case is still in `initial`.
 */
export function caseRowValues(actors: Record<TActorName, Actor>, status: string, initial: string) {
  return {
    language: "ru" as const,
    applicantId: actors.client.id as number,
    applicantName: "Иванова Мария Петровна",
    applicantPhone: "+77010000005",
    registeredAt: CASE_NOW,
    registrationDay: CASE_TODAY,
    dueDay: answerDueDay(CASE_TODAY),
    assigneeId: status === initial ? null : actors.akimat.id,
    ...(status === "hearing"
      ? { hearingProposal: "Отказать", hearingDate: CASE_TODAY, hearingNoticedAt: CASE_NOW }
      : {}),
  };
}
