/**
 * When the code of a screen fails to load (typically after a new version was deployed and old
 * chunks are gone), the page reloads to fetch the new version: at most once per 10 s, so a
 * real outage never turns into a reload loop (specification, sections 8 and 9).
 */
export const RELOAD_GUARD_MS = 10_000;
const KEY = "mazar:last-chunk-reload";

type StorageLike = Pick<Storage, "getItem" | "setItem">;

/** Reloads unless the last reload was less than 10 s ago; returns whether it reloaded. */
export function reloadOnce(storage: StorageLike, now: number, reload: () => void): boolean {
  const last = Number(storage.getItem(KEY) ?? 0);
  if (last && now - last < RELOAD_GUARD_MS) return false;
  storage.setItem(KEY, String(now));
  reload();
  return true;
}

/** Whether an error means a piece of the app's code could not be fetched. */
export function isChunkLoadError(reason: unknown): boolean {
  const message = reason instanceof Error ? reason.message : String(reason ?? "");
  return /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i.test(
    message,
  );
}

export function installReloadGuard(win: Window): void {
  const reload = () => reloadOnce(win.sessionStorage, Date.now(), () => win.location.reload());
  win.addEventListener("vite:preloadError", (event) => {
    event.preventDefault();
    reload();
  });
  win.addEventListener("unhandledrejection", (event) => {
    if (isChunkLoadError(event.reason)) reload();
  });
}
