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

/** A status always shown with a colour and a word, never colour alone. */
export function StatusBadge({ kind, status }: { kind: "supplier" | "user" | "news" | "request"; status: string }) {
  const { t } = useT();
  const tone = (kind === "request" ? REQUEST_TONES[status] : TONES[status]) ?? "neutral";
  return (
    <span className={`badge badge--${tone}`} data-status={status}>
      {t(`${kind}_status.${status}`)}
    </span>
  );
}
