/**
 * Identical reads that overlap in time share one database round trip: while a read is running,
 * the same read asked again (same database, same key) waits for it instead of queueing another.
 * Nothing is kept once it answers, so no answer is older than the read that was already running
 * when it was asked — milliseconds —, and the database stays the one source of the figures.
 * For the public lists every visitor of the home page asks for (a crowd asks them hundreds of
 * times a second; the embedded PGlite runs one query at a time). Reads only, outside transactions.
 */
export function coalesced<Db extends object, Q, R>(read: (db: Db, q: Q) => Promise<R>): (db: Db, q: Q) => Promise<R> {
  const running = new WeakMap<Db, Map<string, Promise<R>>>();
  return (db, q) => {
    let byKey = running.get(db);
    if (!byKey) {
      byKey = new Map();
      running.set(db, byKey);
    }
    const key = JSON.stringify(q);
    const found = byKey.get(key);
    if (found) return found;
    const map = byKey;
    const started = read(db, q).finally(() => map.delete(key));
    map.set(key, started);
    return started;
  };
}
