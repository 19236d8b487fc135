import { describe, expect, it } from "vitest";
import { fetchLatestBuild, UPDATE_CHECK_MS } from "./update-banner.tsx";

describe("build-update check", () => {
  it("runs every hour", () => {
    expect(UPDATE_CHECK_MS).toBe(3_600_000);
  });
  it("reads the served build id, and gives up quietly when offline", async () => {
    const ok = (async () =>
      new Response(JSON.stringify({ buildId: "b2" }), { status: 200 })) as unknown as typeof fetch;
    expect(await fetchLatestBuild(ok)).toBe("b2");
    const down = (async () => {
      throw new TypeError("Failed to fetch");
    }) as unknown as typeof fetch;
    expect(await fetchLatestBuild(down)).toBeNull();
    const error = (async () => new Response("", { status: 503 })) as unknown as typeof fetch;
    expect(await fetchLatestBuild(error)).toBeNull();
  });
});
