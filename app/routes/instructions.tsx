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
  const { doc } = loaderData;
  return (
    <div className="prose-page">
      <h1>{doc.title}</h1>
      <p className="lead">{doc.intro}</p>
      <nav className="toc" aria-label={t("instructions.contents")}>
        <h2 className="toc__title">{t("instructions.contents")}</h2>
        <ol>
          {doc.sections.map((s) => (
            <li key={s.id}>
              <a href={`#${s.id}`}>{s.title}</a>
            </li>
          ))}
        </ol>
      </nav>
      {doc.sections.map((s) => (
        <section key={s.id} id={s.id} aria-labelledby={`${s.id}-title`} className="prose-section">
          <h2 id={`${s.id}-title`}>{s.title}</h2>
          {s.paragraphs?.map((p) => (
            <p key={p}>{p}</p>
          ))}
          {s.steps ? (
            <ol className="steps">
              {s.steps.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ol>
          ) : null}
          {s.items ? (
            <ul>
              {s.items.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          ) : null}
          {s.note ? <p className="note">{s.note}</p> : null}
        </section>
      ))}
      <p className="muted print-hide">
        <button type="button" className="button button--ghost" onClick={() => window.print()}>
          {t("instructions.print")}
        </button>
      </p>
    </div>
  );
}
