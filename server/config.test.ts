import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

describe("configuration", () => {
  it("has working defaults", () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 3000,
      dataDir: "./.data",
      databaseUrl: undefined,
      seedDemo: true,
      isProduction: false,
    });
  });
  it("turns the demo seed off by default in production", () => {
    expect(loadConfig({ NODE_ENV: "production" }).seedDemo).toBe(false);
    expect(loadConfig({ NODE_ENV: "production", SEED_DEMO: "true" }).seedDemo).toBe(true);
  });
  it("names the variable of a wrong value", () => {
    expect(() => loadConfig({ PORT: "eighty" })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: "eighty" })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ SEED_DEMO: "maybe" })).toThrow(/SEED_DEMO/);
    expect(() => loadConfig({ AUTH_DEV_CODE: "12" })).toThrow(/AUTH_DEV_CODE/);
  });
  it("refuses AUTH_DEV_CODE in production", () => {
    expect(() => loadConfig({ NODE_ENV: "production", AUTH_DEV_CODE: "111111" })).toThrow(/AUTH_DEV_CODE.*production/);
  });
  it("takes a map tile URL only with {z}, {x} and {y}", () => {
    expect(loadConfig({ MAP_TILE_URL: "https://tiles.example.kz/{z}/{x}/{y}.png" }).mapTileUrl).toBe(
      "https://tiles.example.kz/{z}/{x}/{y}.png",
    );
    expect(() => loadConfig({ MAP_TILE_URL: "https://tiles.example.kz/tile.png" })).toThrow(/MAP_TILE_URL/);
  });
  it("needs a token with an SMS gateway", () => {
    expect(() => loadConfig({ SMS_GATEWAY_URL: "http://127.0.0.1:9/send" })).toThrow(/SMS_GATEWAY_TOKEN/);
  });
});
