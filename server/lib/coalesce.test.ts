import { describe, expect, it } from "vitest";
import { coalesced } from "./coalesce.ts";

describe("coalesced reads", () => {
  it("share a running read, and never keep an answer once it is given", async () => {
    let reads = 0;
    const db = {};
    const read = coalesced(async (_db: object, q: { page: number }) => {
      reads++;
      await new Promise((r) => setTimeout(r, 10));
      return { page: q.page, read: reads };
    });
    const [a, b, c] = await Promise.all([read(db, { page: 1 }), read(db, { page: 1 }), read(db, { page: 2 })]);
    expect(a).toBe(b);
    expect(c.page).toBe(2);
    expect(reads).toBe(2);
    // Asked again after it answered: a new read, which sees what changed meanwhile.
    const again = await read(db, { page: 1 });
    expect(again).not.toBe(a);
    expect(reads).toBe(3);
  });

  it("keep databases (or transactions) apart, and let a failed read be tried again", async () => {
    let reads = 0;
    let fail = true;
    const read = coalesced(async (_db: object, _q: null) => {
      reads++;
      await new Promise((r) => setTimeout(r, 5));
      if (fail) throw new Error("down");
      return reads;
    });
    const one = {};
    const other = {};
    const both = await Promise.allSettled([read(one, null), read(one, null), read(other, null)]);
    expect(both.map((r) => r.status)).toEqual(["rejected", "rejected", "rejected"]);
    expect(reads).toBe(2);
    fail = false;
    expect(await read(one, null)).toBe(3);
  });
});
