import { useEffect, useState } from "react";
import { useT } from "../lib/hooks.ts";

/** Hours and minutes left until `until`, from `now` (never below zero). */
export function timeLeft(until: string, now: number): { hours: number; minutes: number; over: boolean } {
  const ms = Date.parse(until) - now;
  if (ms <= 0) return { hours: 0, minutes: 0, over: true };
  const minutes = Math.ceil(ms / 60_000);
  return { hours: Math.floor(minutes / 60), minutes: minutes % 60, over: false };
}

/**
 * The time a hold has left, e.g. "осталось 2 ч 15 мин". Rendered on the server from the request's
 * time (`serverNow`), so the first paint is right before any script runs; ticks each 30 s after.
 */
export function Countdown({ until, serverNow }: { until: string; serverNow: string }) {
  const { t } = useT();
  const [now, setNow] = useState(() => Date.parse(serverNow));
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  const left = timeLeft(until, now);
  return (
    <span
      className={`countdown${left.over ? " countdown--over" : left.hours < 24 ? " countdown--soon" : ""}`}
      data-testid="countdown"
    >
      {left.over ? t("booking.hold_over") : t("booking.time_left", { hours: left.hours, minutes: left.minutes })}
    </span>
  );
}
