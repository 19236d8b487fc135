import { useEffect, useState } from "react";
import { formatDate, type TFn } from "../../common/i18n.ts";
import { useT } from "../lib/hooks.ts";

const MINUTE = 60_000;

/** The time left until `until` as people read it: `2 дн 5 ч`, `2 ч 15 мин`, `15 мин`; null once it has passed. */
export function timeLeft(t: TFn, untilMs: number, nowMs: number): string | null {
  const left = untilMs - nowMs;
  if (left <= 0) return null;
  const minutes = Math.floor(left / MINUTE);
  if (minutes < 1) return t("countdown.under_minute");
  const d = Math.floor(minutes / 1440);
  const h = Math.floor((minutes % 1440) / 60);
  const m = minutes % 60;
  if (d > 0) return [t("countdown.days", { n: d }), h ? t("countdown.hours", { n: h }) : ""].filter(Boolean).join(" ");
  if (h > 0)
    return [t("countdown.hours", { n: h }), m ? t("countdown.minutes", { n: m }) : ""].filter(Boolean).join(" ");
  return t("countdown.minutes", { n: m });
}

/** How urgent a hold is: under an hour, under a day, more. */
function toneOf(leftMs: number): "stop" | "wait" | "neutral" {
  if (leftMs < 3_600_000) return "stop";
  return leftMs < 86_400_000 ? "wait" : "neutral";
}

/**
 * The time left on a hold ("осталось 2 ч 15 мин"). Before hydration, and at hydration, it shows
 * the value at `now`, the server's time when the page was made, so the browser's first render
 * matches the server's HTML; then it follows the browser's clock, ticking when the shown minute
 * changes.
 */
export function Countdown({ until, now }: { until: string; now: string }) {
  const { t, locale } = useT();
  const untilMs = Date.parse(until);
  const [clock, setClock] = useState(() => Date.parse(now));
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = () => {
      const at = Date.now();
      setClock(at);
      const left = untilMs - at;
      // Next tick just after the minute shown changes; none once the hold has passed.
      if (left > 0) timer = setTimeout(tick, (left % MINUTE) + 50);
    };
    tick();
    return () => clearTimeout(timer);
  }, [untilMs]);
  const text = timeLeft(t, untilMs, clock);
  return (
    <time
      dateTime={until}
      className={`countdown countdown--${text ? toneOf(untilMs - clock) : "stop"}`}
      title={t("countdown.until", { time: formatDate(locale, until, true) })}
      data-testid="countdown"
    >
      {text ? t("countdown.left", { time: text }) : t("countdown.expired")}
    </time>
  );
}
