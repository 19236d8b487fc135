import type { IncomingMessage, ServerResponse } from "node:http";

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * Requests taken in turns, a few milliseconds of them per turn of the event loop.
 *
 * Why: Node accepts new connections only between turns of its event loop, a few per turn. Under a
 * crowd, every turn starts the handling of every request that arrived on the open connections, so
 * a turn lasts hundreds of milliseconds and newly opened connections wait in the kernel's queue
 * for seconds — measured: of 200 connections opened at once against a busy server, 60 were
 * accepted within 8 s, the rest got their first answer only after 8–10 s (or timed out), while
 * every accepted request was answered in well under a second (docs/performance.md). Requests here
 * wait in arrival order and are started at most `budgetMs` per turn, so the loop comes back to
 * the listening socket (and to I/O) often, and every connection is accepted within a few turns.
 */
export function inTurns(listener: Listener, budgetMs: number): Listener {
  const waiting: [IncomingMessage, ServerResponse][] = [];
  let isScheduled = false;
  const drain = () => {
    isScheduled = false;
    const started = performance.now();
    while (waiting.length > 0 && performance.now() - started < budgetMs) {
      const [req, res] = waiting.shift() as [IncomingMessage, ServerResponse];
      listener(req, res);
    }
    if (waiting.length > 0) {
      isScheduled = true;
      setImmediate(drain);
    }
  };
  return (req, res) => {
    waiting.push([req, res]);
    if (!isScheduled) {
      isScheduled = true;
      setImmediate(drain);
    }
  };
}
