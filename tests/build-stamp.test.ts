import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import reactRouterConfig from "../react-router.config.ts";
import {
  BUILD_LOCK,
  buildApp,
  buildDecision,
  SERVER_BUILD_FILE,
  STAMP_FILE,
  sourceHash,
  withBuildLock,
  withoutBuildNoise,
} from "../scripts/build-stamp.ts";

let root: string;
const write = (rel: string, text: string) => {
  mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
  writeFileSync(path.join(root, rel), text);
};
/** A build as `npm start` leaves it: the server bundle and the stamp of the sources it came from. */
const markBuilt = () => {
  write(SERVER_BUILD_FILE, "export {}");
  write(STAMP_FILE, `${sourceHash(root)}\n`);
};

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), "mazar-stamp-"));
  write("app/root.tsx", "export default 1");
  write("common/i18n.ts", "export const a = 1");
  write("package-lock.json", "{}");
  write("vite.config.ts", "export default {}");
  write("server/index.ts", "console.log(1)");
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe("npm start's rebuild decision", () => {
  it("builds when there is no build, or a build of unknown sources", () => {
    expect(buildDecision(root)).toMatchObject({ build: true, reason: "no-build" });
    write(SERVER_BUILD_FILE, "export {}");
    expect(buildDecision(root)).toMatchObject({ build: true, reason: "no-stamp" });
  });

  it("serves a build whose sources are unchanged, even when files were touched", () => {
    markBuilt();
    const later = new Date(Date.now() + 60_000);
    utimesSync(path.join(root, "app/root.tsx"), later, later);
    expect(buildDecision(root)).toMatchObject({ build: false, reason: "fresh" });
  });

  it.each([
    ["an edited page", () => write("app/root.tsx", "export default 2")],
    ["an added page", () => write("app/routes/new.tsx", "export default 3")],
    ["an edited shared module", () => write("common/i18n.ts", "export const a = 2")],
    ["an area's new words", () => write("common/locales/marketplace.kk.json", '{"market":{"title":"Нарық"}}')],
    ["new dependencies", () => write("package-lock.json", '{"x":1}')],
    ["a changed Vite config", () => write("vite.config.ts", "export default {a:1}")],
    [
      "a renamed file",
      () => {
        rmSync(path.join(root, "common/i18n.ts"));
        write("common/i18n2.ts", "export const a = 1");
      },
    ],
  ])("rebuilds after %s (as after a git pull)", (_what, change) => {
    markBuilt();
    change();
    expect(buildDecision(root)).toMatchObject({ build: true, reason: "sources-changed" });
  });

  it("does not rebuild for server code, which runs from source", () => {
    markBuilt();
    write("server/index.ts", "console.log(2)");
    expect(buildDecision(root)).toMatchObject({ build: false });
  });

  it("builds with NODE_ENV=production whatever the caller's environment, and stamps only a finished build", () => {
    const saved = process.env.NODE_ENV;
    process.env.NODE_ENV = "development";
    try {
      // A stand-in for `react-router build` that fails unless it was started for production.
      const fakeBuild = [
        process.execPath,
        "-e",
        `if (process.env.NODE_ENV !== "production") process.exit(3);
         require("fs").mkdirSync("build/server", { recursive: true });
         require("fs").writeFileSync(${JSON.stringify(SERVER_BUILD_FILE)}, "export {}");`,
      ];
      buildApp(root, undefined, fakeBuild);
      expect(readFileSync(path.join(root, STAMP_FILE), "utf8").trim()).toBe(sourceHash(root));
      expect(buildDecision(root)).toMatchObject({ build: false, reason: "fresh" });

      // A failed build leaves no stamp: the next start builds again instead of serving it.
      write("app/root.tsx", "broken");
      expect(() => buildApp(root, undefined, [process.execPath, "-e", "process.exit(1)"])).toThrow(/build failed/);
      expect(buildDecision(root)).toMatchObject({ build: true, reason: "no-stamp" });
    } finally {
      process.env.NODE_ENV = saved;
    }
  });
});

describe("a first start's log says what matters", () => {
  const NOISE = "\u001b[33mThe `envFile` option is deprecated, please use `envDir: false` instead.\u001b[39m";
  // A stand-in for `react-router build`: React Router's deprecation noise, then an asset line.
  const build = (exitCode: number) => [
    process.execPath,
    "-e",
    `require("fs").mkdirSync("build", { recursive: true });
     console.log(${JSON.stringify(NOISE)}); console.log("build/client/assets/root.js  12.00 kB"); process.exit(${exitCode})`,
  ];
  const printed = () => {
    const out: string[] = [];
    const spies = [process.stdout, process.stderr].map((stream) =>
      vi.spyOn(stream, "write").mockImplementation((chunk) => {
        out.push(String(chunk));
        return true;
      }),
    );
    return {
      out,
      restore: () => {
        for (const spy of spies) spy.mockRestore();
      },
    };
  };

  it("npm start builds without printing the build's output when it succeeds", () => {
    const p = printed();
    try {
      buildApp(root, undefined, build(0));
    } finally {
      p.restore();
    }
    expect(p.out.join("")).toBe("");
  });

  it("prints the build's output when it fails, and npm run build always, but never the deprecation noise", () => {
    const p = printed();
    try {
      expect(() => buildApp(root, undefined, build(1))).toThrow(/build failed/);
      buildApp(root, undefined, build(0), "all");
    } finally {
      p.restore();
    }
    const text = p.out.join("");
    expect(text.match(/root\.js {2}12\.00 kB/g)).toHaveLength(2);
    expect(text).not.toContain("envFile");
  });

  it("drops only the lines it knows", () => {
    expect(withoutBuildNoise(`a\n${NOISE}\nThe \`envFile\` option is fine\nb`)).toBe(
      "a\nThe `envFile` option is fine\nb",
    );
  });

  it("sets every React Router future flag the build would warn about", () => {
    // The flags @react-router/dev warns about when they are left unset (one warning of 3 lines each).
    const dev = readFileSync("node_modules/@react-router/dev/dist/vite.js", "utf8");
    const warned = [...dev.matchAll(/future\.(v\d+_\w+) === void 0/g)].map((m) => m[1] as string);
    expect(warned.length).toBeGreaterThan(0);
    const future: Record<string, unknown> = reactRouterConfig.future ?? {};
    expect(warned.filter((flag) => future[flag] === undefined)).toEqual([]);
  });
});

describe("one build at a time per checkout", () => {
  it("waits while another live process builds, then goes on", () => {
    // Another `npm start` of this checkout holding the lock for about a second.
    const holder = spawnSync(
      process.execPath,
      [
        "-e",
        `const fs = require("fs");
         fs.mkdirSync(${JSON.stringify(path.dirname(BUILD_LOCK))}, { recursive: true });
         fs.mkdirSync(${JSON.stringify(BUILD_LOCK)});
         fs.writeFileSync(${JSON.stringify(path.join(BUILD_LOCK, "pid"))}, String(process.ppid));`,
      ],
      { cwd: root },
    );
    expect(holder.status).toBe(0);
    // The lock names this test's own (live) process; a timer cannot free it while the wait blocks,
    // so a second process removes it after a second.
    const release = spawn(process.execPath, [
      "-e",
      `setTimeout(() => require("fs").rmSync(${JSON.stringify(path.join(root, BUILD_LOCK))}, { recursive: true, force: true }), 1000)`,
    ]);
    const started = Date.now();
    const result = withBuildLock(root, () => "built", 100);
    release.kill();
    expect(result).toBe("built");
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(existsSync(path.join(root, BUILD_LOCK))).toBe(false);
  });

  it("takes over the lock of a build that died", () => {
    mkdirSync(path.join(root, BUILD_LOCK), { recursive: true });
    // A pid far above any real one: no such process.
    writeFileSync(path.join(root, BUILD_LOCK, "pid"), "4000000");
    const started = Date.now();
    expect(withBuildLock(root, () => 42, 100)).toBe(42);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it("lets go of the lock when the build fails", () => {
    expect(() =>
      withBuildLock(root, () => {
        throw new Error("the build failed");
      }),
    ).toThrow(/build failed/);
    expect(existsSync(path.join(root, BUILD_LOCK))).toBe(false);
  });
});
