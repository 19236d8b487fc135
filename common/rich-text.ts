/**
 * Rich-text rules shared by the editor (browser) and the sanitizer (server). No DOM here.
 */

/** Link protocols the product accepts; anything else becomes a blank address. */
const LINK_PROTOCOLS = new Set(["http:", "https:", "mailto:", "tel:"]);
export const BLANK_URL = "about:blank";

/**
 * A link's address when it is http, https, mailto or tel (or relative: `/news/1`, `#part`);
 * otherwise `about:blank`. Control characters and spaces are removed first, as browsers do,
 * so ` java\tscript:` cannot slip through.
 */
export function sanitizeLinkUrl(url: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
  const compact = String(url ?? "").replace(/[\u0000-\u0020\u007f-\u009f]/g, "");
  if (!compact) return BLANK_URL;
  if (/^(\/(?![/\\])|#|\?)/.test(compact)) return url.trim();
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(compact);
  if (!scheme) return BLANK_URL;
  return LINK_PROTOCOLS.has(`${(scheme[1] as string).toLowerCase()}:`) ? url.trim() : BLANK_URL;
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", apos: "'", nbsp: " " };

/** Plain text of HTML, for excerpts and meta descriptions: tags dropped, entities decoded, spaces collapsed. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, " ")
    .replace(/<\/(p|h[1-6]|li|blockquote|div)>|<br\s*\/?>/gi, " ")
    .replace(/<[^>]*>/g, "")
    .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+\d*);/gi, (m, name: string) => {
      if (name.startsWith("#x")) return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
      if (name.startsWith("#") && name !== "#39") return String.fromCodePoint(Number(name.slice(1)));
      return ENTITIES[name.toLowerCase()] ?? m;
    })
    .replace(/\s+/g, " ")
    .trim();
}

/** The editor's options named by the specification. */
export const RICH_TEXT = {
  themes: ["snow", "bubble"] as const,
  defaultTheme: "snow" as const,
  contentTypes: ["delta", "html", "text"] as const,
  defaultContentType: "delta" as const,
  history: { delay: 1000, maxStack: 100, userOnly: true },
  toolbars: {
    minimal: [["bold", "italic", "link"]],
    essential: [
      [{ header: [2, 3, false] }],
      ["bold", "italic", "underline"],
      [{ list: "ordered" }, { list: "bullet" }],
      ["link"],
      ["clean"],
    ],
    full: [
      [{ header: [2, 3, false] }],
      ["bold", "italic", "underline", "strike"],
      ["blockquote"],
      [{ list: "ordered" }, { list: "bullet" }, { indent: "-1" }, { indent: "+1" }],
      [{ align: [] }],
      ["link"],
      ["clean"],
    ],
  },
} as const;
export type TRichTextTheme = (typeof RICH_TEXT.themes)[number];
export type TRichTextContentType = (typeof RICH_TEXT.contentTypes)[number];
export type TToolbarPreset = keyof typeof RICH_TEXT.toolbars;
