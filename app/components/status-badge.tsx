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

/** A burial request: waiting for the family, waiting for the cemetery, set, done, stopped. */
const BURIAL_REQUEST_TONES: Record<string, Tone> = {
  pending: "wait",
  paid: "info",
  confirmed: "ok",
  completed: "neutral",
  cancelled: "stop",
  expired: "stop",
};

/** A reburial request: waiting for the akimat, for the applicant, allowed, done, stopped. */
const REBURIAL_TONES: Record<string, Tone> = {
  submitted: "wait",
  in_work: "info",
  waiting_applicant: "wait",
  hearing: "wait",
  approved: "ok",
  refused: "stop",
  withdrawn: "neutral",
  reburied: "neutral",
};

/** A status always shown with a colour and a word, never colour alone. */
export function StatusBadge({
  kind,
  status,
}: {
  kind: "supplier" | "user" | "news" | "request" | "burial_request" | "reburial";
  status: string;
}) {
  const { t } = useT();
  const tone =
    (kind === "request"
      ? REQUEST_TONES[status]
      : kind === "burial_request"
        ? BURIAL_REQUEST_TONES[status]
        : kind === "reburial"
          ? REBURIAL_TONES[status]
          : TONES[status]) ?? "neutral";
  const label =
    kind === "burial_request" || kind === "reburial" ? t(`${kind}.status.${status}`) : t(`${kind}_status.${status}`);
  return (
    <span className={`badge badge--${tone}`} data-status={status}>
      {label}
    </span>
  );
}
