import { ProseDoc } from "../components/prose-doc.tsx";
import { INSTRUCTIONS } from "../content/instructions.ts";
import { useT } from "../lib/hooks.ts";
import { requestContext } from "../lib/request-context.ts";
import type { Route } from "./+types/instructions";

/**
 * The text of the page's language comes with the page's data: the browser never downloads the
 * other language's text as code (both were 5 KB of every visit's JavaScript).
 */
export function loader({ context }: Route.LoaderArgs) {
  return { doc: INSTRUCTIONS[context.get(requestContext).locale] };
}

export function meta({ loaderData }: Route.MetaArgs) {
  const doc = loaderData?.doc;
  return doc ? [{ title: doc.title }, { name: "description", content: doc.intro }] : [];
}

/** How to arrange a burial in Kazakhstan: first steps, documents, the rules of burial and grave care. */
export default function Instructions({ loaderData }: Route.ComponentProps) {
  const { t } = useT();
  return (
    <ProseDoc doc={loaderData.doc} contentsLabel={t("instructions.contents")}>
      <p className="muted print-hide">
        <button type="button" className="button button--ghost" onClick={() => window.print()}>
          {t("instructions.print")}
        </button>
      </p>
    </ProseDoc>
  );
}
