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
      publicUrl: "http://localhost:3000",
    });
  });
  it("addresses a demo on another port by that port (links in feeds, sitemaps, the origin check)", () => {
    expect(loadConfig({ PORT: "8080" }).publicUrl).toBe("http://localhost:8080");
    expect(loadConfig({ PORT: "8080", PUBLIC_URL: "https://mazar.example.kz/" }).publicUrl).toBe(
      "https://mazar.example.kz",
    );
  });
  it("is a demo by default, even with production React (what `npm start` runs)", () => {
    const c = loadConfig({ NODE_ENV: "production" });
    expect(c).toMatchObject({ appEnv: "demo", isProduction: false, seedDemo: true });
    // The README's demo command keeps working under the production build.
    expect(loadConfig({ NODE_ENV: "production", AUTH_DEV_CODE: "111111" }).authDevCode).toBe("111111");
    expect(loadConfig({ SEED_DEMO: "false" }).seedDemo).toBe(false);
  });
  it("runs a real deployment only on APP_ENV=production: no demo data, Secure cookies", () => {
    const c = loadConfig({ APP_ENV: "production", PUBLIC_URL: "https://mazar.almaty.kz" });
    expect(c).toMatchObject({ appEnv: "production", isProduction: true, seedDemo: false });
    expect(loadConfig({ APP_ENV: "production", PUBLIC_URL: "https://x.kz", SEED_DEMO: "false" }).seedDemo).toBe(false);
    expect(() => loadConfig({ APP_ENV: "staging" })).toThrow(/APP_ENV/);
  });
  it("refuses demo data and a plain-http address in a real deployment", () => {
    const prod = { APP_ENV: "production", PUBLIC_URL: "https://mazar.almaty.kz" };
    expect(() => loadConfig({ ...prod, SEED_DEMO: "true" })).toThrow(/SEED_DEMO.*APP_ENV=production/);
    expect(() => loadConfig({ APP_ENV: "production" })).toThrow(/PUBLIC_URL.*https/);
    expect(() => loadConfig({ APP_ENV: "production", PUBLIC_URL: "http://mazar.almaty.kz" })).toThrow(/PUBLIC_URL/);
  });
  it("names the variable of a wrong value", () => {
    expect(() => loadConfig({ PORT: "eighty" })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: "eighty" })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ SEED_DEMO: "maybe" })).toThrow(/SEED_DEMO/);
    expect(() => loadConfig({ AUTH_DEV_CODE: "12" })).toThrow(/AUTH_DEV_CODE/);
  });
  it("refuses AUTH_DEV_CODE in a real deployment", () => {
    expect(() =>
      loadConfig({ APP_ENV: "production", PUBLIC_URL: "https://mazar.almaty.kz", AUTH_DEV_CODE: "111111" }),
    ).toThrow(/AUTH_DEV_CODE.*APP_ENV=production/);
  });
  it("keeps files on disk unless a bucket is named, and takes S3 keys only in pairs", () => {
    expect(loadConfig({}).s3).toBeUndefined();
    expect(
      loadConfig({
        S3_BUCKET: "mazar-files",
        S3_ENDPOINT: "http://127.0.0.1:4569",
        S3_ACCESS_KEY_ID: "key",
        S3_SECRET_ACCESS_KEY: "secret",
        S3_FORCE_PATH_STYLE: "true",
      }).s3,
    ).toEqual({
      bucket: "mazar-files",
      endpoint: "http://127.0.0.1:4569",
      region: "us-east-1",
      credentials: { accessKeyId: "key", secretAccessKey: "secret" },
      forcePathStyle: true,
    });
    // No keys: the SDK's own sources (an instance role, AWS_* variables).
    expect(loadConfig({ S3_BUCKET: "mazar-files", S3_REGION: "kz-1" }).s3).toMatchObject({
      region: "kz-1",
      credentials: undefined,
      forcePathStyle: false,
    });
    expect(() => loadConfig({ S3_BUCKET: "b3x", S3_ACCESS_KEY_ID: "key" })).toThrow(/S3_SECRET_ACCESS_KEY/);
    expect(() => loadConfig({ S3_ENDPOINT: "http://127.0.0.1:4569" })).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ S3_BUCKET: "b3x", S3_ENDPOINT: "not a url" })).toThrow(/S3_ENDPOINT/);
    expect(() => loadConfig({ S3_BUCKET: "b3x", S3_FORCE_PATH_STYLE: "sometimes" })).toThrow(/S3_FORCE_PATH_STYLE/);
  });
  it("trusts no proxy unless told how many stand in front", () => {
    expect(loadConfig({}).trustProxy).toBe(0);
    expect(loadConfig({ TRUST_PROXY: "1" }).trustProxy).toBe(1);
    expect(() => loadConfig({ TRUST_PROXY: "yes" })).toThrow(/TRUST_PROXY/);
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
