/**
 * At most `limit` tasks at once; the others wait in arrival order. Page rendering goes through
 * one: a Node process interleaves every render it has started (each await lets the next request's
 * render in), so under a crowd hundreds of half-done pages share the one thread, each finishing
 * late, and the ones whose continuations keep losing to newer work wait for seconds. Taken in
 * turns, a page is rendered from start to finish in a few milliseconds and answers come in the
 * order the requests came (docs/performance.md).
 */
export function fifoLimit(limit: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running--;
  };
  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (running < limit) running++;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      release();
    }
  };
}
