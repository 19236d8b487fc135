import type { IncomingMessage, ServerResponse } from "node:http";

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

export type TurnOptions = {
  /** Requests being handled at once; the others wait, in arrival order. */
  maxInFlight: number;
  /** Time spent starting waiting requests per turn of the event loop. */
  budgetMs: number;
  /**
   * A request stops counting against `maxInFlight` after this long even if its answer is still
   * going out: a large file sent to a slow phone, an upload arriving slowly or a long export must
   * not hold a place, or four of them would stop the server.
   */
  maxHoldMs: number;
};

/**
 * Requests taken in turns: at most `maxInFlight` handled at once, the others waiting in arrival
 * order, and started a few milliseconds' worth per turn of the event loop.
 *
 * Why: Node accepts new connections between turns of its event loop, a few per turn. Under a
 * crowd, a turn that carries on the work of every request that arrived on the open connections
 * (their renderings, their embedded-database queries, which run on this thread) lasts hundreds of
 * milliseconds, and newly opened connections wait in the kernel's queue for seconds — measured:
 * of 200 connections opened at once against a busy server, 60 were accepted within 8 s while
 * every accepted request was answered in well under a second (docs/performance.md). With a
 * bounded number of requests under way a turn stays short, every connection is accepted within a
 * few turns, and the waiting requests are answered in the order they came.
 */
export function inTurns(listener: Listener, opts: TurnOptions): Listener {
  const waiting: [IncomingMessage, ServerResponse][] = [];
  let inFlight = 0;
  let isScheduled = false;
  const schedule = () => {
    if (isScheduled || waiting.length === 0) return;
    isScheduled = true;
    setImmediate(drain);
  };
  const drain = () => {
    isScheduled = false;
    const started = performance.now();
    while (waiting.length > 0 && inFlight < opts.maxInFlight && performance.now() - started < opts.budgetMs) {
      const [req, res] = waiting.shift() as [IncomingMessage, ServerResponse];
      // A waiting visitor who went away is not handled at all.
      if (res.destroyed || req.socket.destroyed) continue;
      inFlight++;
      let isReleased = false;
      const release = () => {
        if (isReleased) return;
        isReleased = true;
        clearTimeout(timer);
        inFlight--;
        schedule();
      };
      const timer = setTimeout(release, opts.maxHoldMs);
      timer.unref();
      // 'close' comes once, whether the answer was sent or the connection dropped.
      res.once("close", release);
      listener(req, res);
    }
    if (inFlight < opts.maxInFlight) schedule();
  };
  return (req, res) => {
    waiting.push([req, res]);
    schedule();
  };
}
