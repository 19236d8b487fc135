import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import "../../common/catalogs.ts";
import { i18nFor } from "../../common/i18n.ts";
import type { Locale } from "../../common/locale.ts";
import { I18nContext } from "../lib/hooks.ts";
import { Countdown, timeLeft } from "./countdown.tsx";

const MIN = 60_000;
const NOW = Date.parse("2026-11-23T06:00:00Z");

function render(until: number, locale: Locale = "ru"): string {
  return renderToString(
    <I18nContext.Provider value={i18nFor(locale)}>
      <Countdown until={new Date(until).toISOString()} now={new Date(NOW).toISOString()} />
    </I18nContext.Provider>,
  );
}

describe("the time left on a hold", () => {
  const { t } = i18nFor("ru");

  it("reads days and hours, hours and minutes, or minutes, counting whole minutes down", () => {
    expect(timeLeft(t, NOW + 71 * 60 * MIN + 59 * MIN + 30_000, NOW)).toBe("2 дн 23 ч");
    expect(timeLeft(t, NOW + 48 * 60 * MIN, NOW)).toBe("2 дн");
    expect(timeLeft(t, NOW + 135 * MIN + 59_000, NOW)).toBe("2 ч 15 мин");
    expect(timeLeft(t, NOW + 120 * MIN, NOW)).toBe("2 ч");
    expect(timeLeft(t, NOW + 15 * MIN, NOW)).toBe("15 мин");
    expect(timeLeft(t, NOW + 30_000, NOW)).toBe("меньше минуты");
    expect(timeLeft(t, NOW, NOW)).toBeNull();
    expect(timeLeft(t, NOW - MIN, NOW)).toBeNull();
  });

  it("renders the value at the server's time before hydration, in both languages, with the expiry as its title", () => {
    const ru = render(NOW + 135 * MIN);
    expect(ru).toContain("осталось 2 ч 15 мин");
    expect(ru).toContain('dateTime="2026-11-23T08:15:00.000Z"');
    expect(ru).toContain("23.11.2026, 13:15");
    expect(ru).toContain("countdown--wait");
    expect(render(NOW + 135 * MIN, "kk")).toContain("2 сағ 15 мин қалды");
    expect(render(NOW + 20 * MIN)).toContain("countdown--stop");
    expect(render(NOW - MIN)).toContain("срок брони истёк");
  });
});
