import { describe, expect, it } from "vitest";
import { KEEP_OTP_MS } from "../../server/modules/auth/auth.jobs.ts";
import { SESSION_TTL_SEC } from "../../server/modules/auth/auth.service.ts";
import { documentTexts } from "./instructions.ts";
import { PRIVACY } from "./privacy.ts";

const shape = (locale: "ru" | "kk") =>
  PRIVACY[locale].sections.map((s) => ({
    id: s.id,
    paragraphs: s.paragraphs?.length ?? 0,
    steps: s.steps?.length ?? 0,
    items: s.items?.length ?? 0,
    hasNote: Boolean(s.note),
  }));

describe("the privacy notice", () => {
  it("has the same sections, in the same order and of the same shape, in Russian and Kazakh", () => {
    expect(shape("kk")).toEqual(shape("ru"));
    // What the law asks a notice to say: what, why, how long, who sees it, how to ask for deletion.
    expect(PRIVACY.ru.sections.map((s) => s.id)).toEqual(["operator", "what", "why", "who", "how-long", "rights"]);
  });

  it("names the law in both languages and has no empty text", () => {
    for (const doc of Object.values(PRIVACY)) {
      expect(doc.intro).toContain("№ 94-V");
      expect(documentTexts(doc).every((t) => t.trim().length > 0)).toBe(true);
    }
  });

  it("states the periods the code keeps", () => {
    expect(KEEP_OTP_MS).toBe(24 * 3600_000);
    expect(SESSION_TTL_SEC).toBe(30 * 24 * 3600);
    const howLong = (locale: "ru" | "kk") =>
      PRIVACY[locale].sections.find((s) => s.id === "how-long")?.items?.join("\n") ?? "";
    expect(howLong("ru")).toMatch(/одни сутки/);
    expect(howLong("ru")).toMatch(/30 дней с момента входа/);
    expect(howLong("kk")).toMatch(/бір тәулік/);
    expect(howLong("kk")).toMatch(/30 күн/);
  });
});
