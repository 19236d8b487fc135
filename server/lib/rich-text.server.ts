import sanitizeHtml from "sanitize-html";
import { BLANK_URL, sanitizeLinkUrl } from "../../common/rich-text.ts";

/** Quill's own layout classes, the only classes kept. */
const QUILL_CLASS = /^ql-(align-(center|right|justify)|indent-[1-8])$/;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ["p", "br", "h2", "h3", "strong", "b", "em", "i", "u", "s", "blockquote", "ol", "ul", "li", "a", "span"],
  allowedAttributes: { a: ["href", "target", "rel"], "*": ["class"] },
  allowedClasses: { "*": [QUILL_CLASS] },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesAppliedToAttributes: ["href"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  transformTags: {
    a: (tagName, attribs): sanitizeHtml.Tag => {
      const href = sanitizeLinkUrl(attribs.href ?? "");
      const safe: sanitizeHtml.Attributes = {};
      if (href !== BLANK_URL) {
        safe.href = href;
        if (/^https?:/i.test(href)) Object.assign(safe, { target: "_blank", rel: "noopener noreferrer nofollow" });
      }
      return { tagName, attribs: safe };
    },
  },
};

/**
 * Every rich text the server stores passes through here (news, memorials): only the tags and
 * Quill classes the editor produces, links limited to http, https, mailto and tel. No styles,
 * scripts, event handlers, images or frames. Security: rendered later without escaping, so this
 * allowlist is the only barrier against stored XSS besides the CSP.
 */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}
