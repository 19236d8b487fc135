import type { TInstructionSection } from "../content/instructions.ts";

/**
 * A long text of the site (`/instructions`, `/privacy`): title, lead, contents, then its sections with
 * their paragraphs, steps, items and note. The text comes with the page's data, in its language.
 */
export function ProseDoc({
  doc,
  contentsLabel,
  children,
}: {
  doc: { title: string; intro: string; sections: TInstructionSection[] };
  contentsLabel: string;
  children?: React.ReactNode;
}) {
  return (
    <div className="prose-page">
      <h1>{doc.title}</h1>
      <p className="lead">{doc.intro}</p>
      <nav className="toc" aria-label={contentsLabel}>
        <h2 className="toc__title">{contentsLabel}</h2>
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
      {children}
    </div>
  );
}
