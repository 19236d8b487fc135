import { useT } from "../lib/hooks.ts";

type Tone = "ok" | "wait" | "stop" | "info" | "neutral";

const TONES: Record<string, Tone> = {
  active: "ok",
  pending: "wait",
  invited: "wait",
  blocked: "stop",
  published: "ok",
  draft: "wait",
};

/** A visitor's request: waiting (new), being handled, answered with a record, answered without. */
const REQUEST_TONES: Record<string, Tone> = {
  new: "wait",
  in_progress: "info",
  found: "ok",
  added: "ok",
  not_found: "neutral",
};

/** A burial request: waiting for payment, paid, confirmed, done; ended without a burial. */
const BURIAL_TONES: Record<string, Tone> = {
  pending: "wait",
  paid: "info",
  confirmed: "info",
  completed: "ok",
  cancelled: "stop",
  expired: "neutral",
};

/** A status always shown with a colour and a word, never colour alone. */
export function StatusBadge({
  kind,
  status,
}: {
  kind: "supplier" | "user" | "news" | "request" | "burial_request";
  status: string;
}) {
  const { t } = useT();
  const tones = kind === "request" ? REQUEST_TONES : kind === "burial_request" ? BURIAL_TONES : TONES;
  const tone = tones[status] ?? "neutral";
  return (
    <span className={`badge badge--${tone}`} data-status={status}>
      {t(`${kind}_status.${status}`)}
    </span>
  );
}
