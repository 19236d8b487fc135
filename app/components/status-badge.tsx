import { useT } from "../lib/hooks.ts";

const TONES: Record<string, "ok" | "wait" | "stop" | "neutral"> = {
  active: "ok",
  pending: "wait",
  invited: "wait",
  blocked: "stop",
  published: "ok",
  draft: "wait",
};

/** A status always shown with a colour and a word, never colour alone. */
export function StatusBadge({ kind, status }: { kind: "supplier" | "user" | "news"; status: string }) {
  const { t } = useT();
  return <span className={`badge badge--${TONES[status] ?? "neutral"}`}>{t(`${kind}_status.${status}`)}</span>;
}
