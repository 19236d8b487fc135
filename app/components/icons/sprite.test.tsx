import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ICON_NAMES } from "../icon.tsx";
import { buildSprite, ICON_SOURCES, SPRITE_FILE } from "./sprite.tsx";

describe("icon sprite", () => {
  it("is the one built from the listed lucide icons (run `npx tsx app/components/icons/sprite.tsx`)", () => {
    expect(readFileSync(SPRITE_FILE, "utf8")).toBe(buildSprite());
  });

  it("holds a symbol with shapes for every icon name the app may use", () => {
    const sprite = readFileSync(SPRITE_FILE, "utf8");
    expect(Object.keys(ICON_SOURCES).sort()).toEqual([...ICON_NAMES].sort());
    for (const name of ICON_NAMES) expect(sprite).toMatch(new RegExp(`<symbol id="${name}" viewBox="0 0 24 24"><`));
  });
});
