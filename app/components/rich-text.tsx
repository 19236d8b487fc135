/**
 * Shows rich text. Security: `html` must come from the server's `sanitizeRichText` (it is
 * sanitized when saved); it is inserted without escaping.
 */
export function RichText({ html }: { html: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized on the server at write time (see above)
  return <div className="rich-text" dangerouslySetInnerHTML={{ __html: html }} />;
}
