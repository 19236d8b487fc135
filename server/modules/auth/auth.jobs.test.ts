import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../../test/harness.ts";
import { JOBS } from "../../jobs.ts";
import { pruneAuthJob } from "./auth.jobs.ts";
import { otpCodes, sessions } from "./auth.tables.ts";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());
beforeEach(async () => h.reset());

const HOUR = 3600_000;

describe("what sign-in leaves behind is deleted (the privacy notice's periods)", () => {
  it("deletes login codes after a day and sessions past their expiry, keeping the rest", async () => {
    expect(JOBS).toContain(pruneAuthJob);
    const t0 = new Date("2026-11-01T08:00:00Z");
    h.setNow(t0);
    const phone = "+77071112233";
    expect((await h.request("POST", "/auth/otp/request", { body: { phone } })).status).toBe(200);
    const token = await h.login(h.phones.client);
    expect(await h.db.$count(otpCodes)).toBeGreaterThan(0);
    const sessionsBefore = await h.db.$count(sessions);

    // Half a day later nothing is due: the codes serve the hourly limits, the session lives 30 days.
    h.setNow(new Date(t0.getTime() + 12 * HOUR));
    await pruneAuthJob.run(h.services);
    expect(await h.db.$count(otpCodes)).toBeGreaterThan(0);
    expect(await h.db.$count(sessions)).toBe(sessionsBefore);

    // A day and a bit later the codes are gone; the session still signs in.
    h.setNow(new Date(t0.getTime() + 25 * HOUR));
    await h.request("POST", "/auth/otp/request", { body: { phone: "+77071112244" } });
    await pruneAuthJob.run(h.services);
    const left = await h.db.select({ phone: otpCodes.phone }).from(otpCodes);
    expect(left).toEqual([{ phone: "+77071112244" }]);
    expect((await h.request("GET", "/me", { token })).status).toBe(200);

    // After 30 days the session's row goes too.
    h.setNow(new Date(t0.getTime() + 31 * 24 * HOUR));
    await pruneAuthJob.run(h.services);
    expect(await h.db.$count(sessions)).toBe(0);
  });
});
