import { ProseDoc } from "../components/prose-doc.tsx";
import { PRIVACY } from "../content/privacy.ts";
import { useT } from "../lib/hooks.ts";
import { requestContext } from "../lib/request-context.ts";
import type { Route } from "./+types/privacy";

/** The notice in the page's language only, with the page's data (as `/instructions`). */
export function loader({ context }: Route.LoaderArgs) {
  return { doc: PRIVACY[context.get(requestContext).locale] };
}

export function meta({ loaderData }: Route.MetaArgs) {
  const doc = loaderData?.doc;
  return doc ? [{ title: doc.title }, { name: "description", content: doc.intro }] : [];
}

/**
 * The privacy notice: what the portal keeps about a person, why, for how long, who sees it, and how to
 * ask for it to be corrected or deleted. Linked from every form that asks for personal data.
 */
export default function Privacy({ loaderData }: Route.ComponentProps) {
  const { t } = useT();
  return <ProseDoc doc={loaderData.doc} contentsLabel={t("instructions.contents")} />;
}
