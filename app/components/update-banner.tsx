import { useEffect, useState } from "react";
import { useT } from "../lib/hooks.ts";

/** The build-update check runs every hour (specification, section 9). */
export const UPDATE_CHECK_MS = 3_600_000;

/** Asks the server which build it serves; a different one means a new version was deployed. */
export async function fetchLatestBuild(fetchImpl: typeof fetch = fetch): Promise<string | null> {
  try {
    const res = await fetchImpl("/api/v1/build", { headers: { Accept: "application/json" }, cache: "no-store" });
    if (!res.ok) return null;
    const body = (await res.json()) as { buildId?: string };
    return body.buildId ?? null;
  } catch {
    return null;
  }
}

/** Offers a reload when a newer build is deployed; checks once an hour. */
export function UpdateBanner({ buildId }: { buildId: string }) {
  const { t } = useT();
  const [isStale, setStale] = useState(false);
  useEffect(() => {
    const timer = window.setInterval(async () => {
      const latest = await fetchLatestBuild();
      if (latest && latest !== buildId) setStale(true);
    }, UPDATE_CHECK_MS);
    return () => window.clearInterval(timer);
  }, [buildId]);
  if (!isStale) return null;
  return (
    <div className="update-banner" role="status">
      <span>{t("update.available")}</span>
      <button type="button" className="button button--small" onClick={() => window.location.reload()}>
        {t("update.reload")}
      </button>
    </div>
  );
}
