import { useT } from "../lib/hooks.ts";

/**
 * The link to the privacy notice under a form that asks for personal data. It opens in a new tab, so
 * what was typed into the form (and a registration ticket) is not lost by reading it.
 */
export function PrivacyLink({ children }: { children?: React.ReactNode }) {
  const { t, to } = useT();
  return (
    <a href={to("/privacy")} target="_blank" rel="noopener" data-testid="privacy-link">
      {children ?? t("privacy.form_link")}
    </a>
  );
}

/** A form's line about its personal data: who sees it, and the notice. */
export function PrivacyNote() {
  return (
    <p className="field__hint privacy-note">
      <PrivacyLink />
    </p>
  );
}
