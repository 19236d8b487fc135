import { describe, expect, it } from "vitest";
import { isChunkLoadError, RELOAD_GUARD_MS, reloadOnce } from "./reload-guard.ts";

function memoryStorage() {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v) };
}

describe("reload after a failed load of a screen's code", () => {
  it("reloads at most once per 10 s", () => {
    const storage = memoryStorage();
    let reloads = 0;
    const reload = () => reloads++;
    expect(reloadOnce(storage, 1_000, reload)).toBe(true);
    expect(reloadOnce(storage, 1_000 + RELOAD_GUARD_MS - 1, reload)).toBe(false);
    expect(reloadOnce(storage, 1_000 + RELOAD_GUARD_MS, reload)).toBe(true);
    expect(reloads).toBe(2);
    expect(RELOAD_GUARD_MS).toBe(10_000);
  });
  it("recognises chunk load failures and nothing else", () => {
    expect(isChunkLoadError(new TypeError("Failed to fetch dynamically imported module: /assets/x.js"))).toBe(true);
    expect(isChunkLoadError(new Error("Importing a module script failed."))).toBe(true);
    expect(isChunkLoadError(new Error("Cannot read properties of undefined"))).toBe(false);
  });
});
