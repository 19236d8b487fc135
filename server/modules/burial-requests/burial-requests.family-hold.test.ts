import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { assignManager, bookingCemetery, newGrave, T0 } from "../../test/booking-fixtures.ts";
import { createHarness, type Harness } from "../../test/harness.ts";
import { demoAkimatId } from "../../test/registry-fixtures.ts";

/**
 * A two-place booking after the burial (decision 015): the grave is occupied, the second place
 * stays reserved for the family — and the family's request and the public map say so, with the date.
 */

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());

let row: number[];
beforeEach(async () => {
  await h.reset();
  h.setNow(T0);
  const c = await bookingCemetery(h.db, await demoAkimatId(h.db), { perRow: 6 });
  row = c.rows[0] as number[];
  await assignManager(h.db, h.phones.manager, c.id);
});

describe("the second place of a two-place booking", () => {
  it("is shown as kept for the family's burials from the burial on, to the family and on the public map", async () => {
    const client = await h.login(h.phones.client);
    const manager = await h.login(h.phones.manager);
    const [grave, second] = [row[0] as number, row[1] as number];
    const booked = await h.request("POST", "/burial-requests", { token: client, body: newGrave([grave, second]) });
    expect(booked.status).toBe(201);
    const id = booked.json.id as number;
    const slots = await h.request("GET", `/burial-requests/${id}/slots`, { token: client });
    const day = slots.json.days[1];
    const details = { certificateIds: [await h.upload(client)], burialDate: day.date, burialTime: day.slots[0].time };
    expect((await h.request("PUT", `/burial-requests/${id}/details`, { token: client, body: details })).status).toBe(
      200,
    );
    for (const move of ["pay_office", "confirm"]) {
      expect(
        (await h.request("POST", `/burial-requests/${id}/moves/${move}`, { token: manager, body: {} })).status,
      ).toBe(200);
    }
    // Before the burial both places are simply booked.
    expect((await h.request("GET", `/plots/${second}`)).json).toMatchObject({
      status: "reserved",
      familyHoldSince: null,
    });
    expect((await h.request("GET", `/burial-requests/${id}`, { token: client })).json.keptForFamily).toEqual([]);

    const done = await h.request("POST", `/burial-requests/${id}/moves/complete`, { token: manager, body: {} });
    expect(done.status).toBe(200);
    const request = (await h.request("GET", `/burial-requests/${id}`, { token: client })).json;
    expect(request.completedAt).toBe(T0.toISOString());
    expect(request.keptForFamily.map((p: { plotId: number }) => p.plotId)).toEqual([second]);
    const kept = await h.request("GET", `/plots/${second}`, { headers: { "accept-language": "kk" } });
    expect(kept.json).toMatchObject({ status: "reserved", familyHoldSince: T0.toISOString(), graves: [] });
    expect((await h.request("GET", `/plots/${grave}`)).json).toMatchObject({
      status: "occupied",
      familyHoldSince: null,
    });
    // The staff see the same on the request.
    const staff = (await h.request("GET", `/burial-requests/${id}`, { token: manager })).json;
    expect(staff.keptForFamily.map((p: { plotId: number }) => p.plotId)).toEqual([second]);
  });
});
