import { EventEmitter } from "node:events";
import type { IncomingMessage, ServerResponse } from "node:http";
import { describe, expect, it } from "vitest";
import { inTurns } from "./request-turns.ts";

/** A request and its response as far as the turns look at them: destroyed flags and 'close'. */
function pair(id: number) {
  const socket = { destroyed: false };
  const req = Object.assign(new EventEmitter(), { id, socket }) as unknown as IncomingMessage & { id: number };
  const res = Object.assign(new EventEmitter(), { destroyed: false }) as unknown as ServerResponse;
  return { req, res, socket };
}

const tick = () => new Promise((r) => setImmediate(r));

describe("requests in turns", () => {
  it("handles at most maxInFlight at once, the others in arrival order as answers go out", async () => {
    const started: number[] = [];
    const open = new Map<number, ServerResponse>();
    const listener = inTurns(
      (req, res) => {
        const id = (req as IncomingMessage & { id: number }).id;
        started.push(id);
        open.set(id, res);
      },
      { maxInFlight: 2, budgetMs: 50, maxHoldMs: 10_000 },
    );
    for (let i = 1; i <= 5; i++) {
      const { req, res } = pair(i);
      listener(req, res);
    }
    // Nothing starts inside the turn that received the requests.
    expect(started).toEqual([]);
    await tick();
    expect(started).toEqual([1, 2]);
    open.get(1)?.emit("close");
    await tick();
    expect(started).toEqual([1, 2, 3]);
    open.get(3)?.emit("close");
    open.get(2)?.emit("close");
    await tick();
    expect(started).toEqual([1, 2, 3, 4, 5]);
  });

  it("skips a request whose visitor left while it waited, without holding a place", async () => {
    const started: number[] = [];
    const listener = inTurns(
      (req) => {
        started.push((req as IncomingMessage & { id: number }).id);
      },
      { maxInFlight: 1, budgetMs: 50, maxHoldMs: 10_000 },
    );
    const a = pair(1);
    const gone = pair(2);
    const c = pair(3);
    listener(a.req, a.res);
    listener(gone.req, gone.res);
    listener(c.req, c.res);
    gone.socket.destroyed = true;
    await tick();
    expect(started).toEqual([1]);
    a.res.emit("close");
    await tick();
    expect(started).toEqual([1, 3]);
  });

  it("starts waiting requests for at most budgetMs per turn of the event loop", async () => {
    const started: number[] = [];
    const listener = inTurns(
      (req) => {
        started.push((req as IncomingMessage & { id: number }).id);
        const until = performance.now() + 4;
        while (performance.now() < until) {
          // a synchronous start costing 4 ms
        }
      },
      { maxInFlight: 100, budgetMs: 5, maxHoldMs: 10_000 },
    );
    for (let i = 1; i <= 6; i++) {
      const { req, res } = pair(i);
      listener(req, res);
    }
    await tick();
    // 4 ms each against a 5 ms budget: two per turn, the rest on the next turns.
    expect(started.length).toBeLessThanOrEqual(2);
    for (let i = 0; i < 5 && started.length < 6; i++) await tick();
    expect(started).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it("stops counting a request that holds its place longer than maxHoldMs (a slow download)", async () => {
    const started: number[] = [];
    const listener = inTurns(
      (req) => {
        started.push((req as IncomingMessage & { id: number }).id);
      },
      { maxInFlight: 1, budgetMs: 50, maxHoldMs: 100 },
    );
    const slow = pair(1);
    const next = pair(2);
    listener(slow.req, slow.res);
    listener(next.req, next.res);
    await tick();
    expect(started).toEqual([1]);
    // The second starts once the first has held its place for maxHoldMs.
    const since = performance.now();
    while (!started.includes(2)) await new Promise((r) => setTimeout(r, 1));
    expect(performance.now() - since).toBeGreaterThanOrEqual(90);
    expect(started).toEqual([1, 2]);
    // Its answer ending later does not free a second place: still one at a time.
    slow.res.emit("close");
    const third = pair(3);
    const fourth = pair(4);
    listener(third.req, third.res);
    listener(fourth.req, fourth.res);
    await tick();
    expect(started).toEqual([1, 2]);
    next.res.emit("close");
    await tick();
    expect(started).toEqual([1, 2, 3]);
  });
});
