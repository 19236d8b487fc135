/**
 * The words of memorial pages (issue 16 §1; research `workflows-2026-11.md` §3: Find a Grave's owner
 * and suggestions, Keeper's privacy levels and access requests, Legacy.com's pre-moderated tributes,
 * no public memorial of a recent death without the family), shared by the API, its schemas and the
 * screens, free of zod. The module is `server/modules/memorials/`.
 */
import type { TMoveForms } from "./move-forms.ts";

/**
 * Who sees a memorial (`memorial.visibility.<v>`): `public` (anyone; `/memorial/{id}`, the grave card,
 * the search, the sitemap unless `noindex`), `link` (whoever has its short address `/m/<code>`),
 * `private` (its managers, invited viewers and people whose access request was granted; the code
 * opens a "request access" page that names nobody). New memorials are `link` + `noindex`.
 */
export const MEMORIAL_VISIBILITIES = ["public", "link", "private"] as const;
export type MemorialVisibility = (typeof MEMORIAL_VISIBILITIES)[number];
export const DEFAULT_VISIBILITY: MemorialVisibility = "link";

/** Days after a death (or burial) during which only the responsible person may make a memorial public. */
export const MEMORIAL_RECENT_DAYS = 40;
/** Characters of the short code of `/m/<code>`: base32, 60 random bits. */
export const MEMORIAL_CODE_LENGTH = 12;
/** The short code's alphabet (RFC 4648 base32, lower case: no 0/1/8/9 to confuse with letters). */
export const MEMORIAL_CODE_ALPHABET = "abcdefghijklmnopqrstuvwxyz234567";
export const isMemorialCode = (s: string) => /^[a-z2-7]{10,32}$/.test(s);
/** The memorial's short address (the same in both languages' pages, with `/kk` before it in Kazakh). */
export const memorialShortPath = (code: string) => `/m/${code}`;

export const MEMORIAL_EPITAPH_MAX = 300;
export const MEMORIAL_BIOGRAPHY_MAX = 20_000;
export const MEMORIAL_ACHIEVEMENTS_MAX = 20;
export const MEMORIAL_ACHIEVEMENT_MAX = 200;
export const MEMORIAL_VIDEOS_MAX = 10;
export const MEMORIAL_PHOTOS_MAX = 30;

/** What a visitor leaves (`tribute.kind.<k>`): a flower, a candle, or a short message; each may carry a note. */
export const TRIBUTE_KINDS = ["flower", "candle", "message"] as const;
export type TributeKind = (typeof TRIBUTE_KINDS)[number];
export const TRIBUTE_TEXT_MAX = 500;
/** Tributes one person may leave in an hour, and one memorial may receive in a day (every attempt that reaches the queue). */
export const TRIBUTES_PER_AUTHOR_HOUR = 5;
export const TRIBUTES_PER_MEMORIAL_DAY = 20;

/**
 * A tribute's life (`tribute.status.<s>`): `pending` in the managers' queue (a new one, or one a
 * visitor reported), `shown` on the page after a manager approved it, `hidden` by a manager (still
 * listed for the managers, may be approved later). Its author sees a pending or hidden one as
 * "waiting": never a blunt refusal.
 */
export const TRIBUTE_STATUSES = ["pending", "shown", "hidden"] as const;
export type TributeStatus = (typeof TRIBUTE_STATUSES)[number];
export const TRIBUTE_MOVES = ["approve", "hide", "report"] as const;
export type TributeMove = (typeof TRIBUTE_MOVES)[number];
export const TRIBUTE_MOVE_FORMS = {} as const satisfies TMoveForms<TributeMove>;

/** A visitor's suggestion to the managers (`memorial_suggestion.kind.<k>`): a photo, or a correction of the text. */
export const SUGGESTION_KINDS = ["photo", "correction"] as const;
export type SuggestionKind = (typeof SUGGESTION_KINDS)[number];
export const SUGGESTION_TEXT_MAX = 2000;
export const SUGGESTION_STATUSES = ["pending", "accepted", "declined"] as const;
export type SuggestionStatus = (typeof SUGGESTION_STATUSES)[number];
export const SUGGESTION_MOVES = ["accept", "decline"] as const;
export type SuggestionMove = (typeof SUGGESTION_MOVES)[number];
export const SUGGESTION_MOVE_FORMS = {} as const satisfies TMoveForms<SuggestionMove>;

/** A signed-in visitor's request to see a private memorial. */
export const ACCESS_STATUSES = ["pending", "granted", "declined"] as const;
export type AccessStatus = (typeof ACCESS_STATUSES)[number];
export const ACCESS_MOVES = ["grant", "decline"] as const;
export type AccessMove = (typeof ACCESS_MOVES)[number];
export const ACCESS_MOVE_FORMS = {} as const satisfies TMoveForms<AccessMove>;
export const ACCESS_MESSAGE_MAX = 500;

/**
 * A relative's request to be verified as an owner of a burial's memorial (`memorial_claim.status.<s>`):
 * the relation and a document, decided by the cemetery's manager (approved, or refused with a reason).
 */
export const CLAIM_STATUSES = ["pending", "approved", "refused"] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];
export const CLAIM_MOVES = ["approve", "refuse"] as const;
export type ClaimMove = (typeof CLAIM_MOVES)[number];
export const CLAIM_MOVE_FORMS = { refuse: "ZMemorialClaimRefuse" } as const satisfies TMoveForms<ClaimMove>;
export const CLAIM_RELATIONS = ["spouse", "child", "parent", "sibling", "grandchild", "other"] as const;
export type ClaimRelation = (typeof CLAIM_RELATIONS)[number];
export const MAX_CLAIM_DOCUMENTS = 5;

/** A memorial's people besides its owners: co-managers (edit, moderate) and viewers of a private one. */
export const MEMBER_ROLES = ["manager", "viewer"] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

/** What a tribute's or suggestion's text must not carry (`validation.tribute_<problem>`), checked before the queue. */
export type TTextProblem = "link" | "email" | "phone" | "iin";

/**
 * The filter before the queue: links, e-mail addresses, phone numbers (7+ digits, however written)
 * and IIN-like 12 digits are refused with a message saying what to remove. Shared by the form and
 * the API, so the visitor learns it before sending.
 */
export function textProblem(text: string): TTextProblem | null {
  if (/[^\s@]+@[^\s@]+\.[^\s@]+/u.test(text)) return "email";
  if (/\b(?:https?:\/\/|www\.)|\b[a-z0-9-]+\.(?:kz|ru|com|net|org|info|io|me|su|рф|қаз)\b/iu.test(text)) return "link";
  if (/(?<!\d)\d{12}(?!\d)/u.test(text)) return "iin";
  const runs = text.match(/\+?\d[\d\s()-]{5,}\d/gu) ?? [];
  if (runs.some((r) => r.replace(/\D/g, "").length >= 7)) return "phone";
  return null;
}

/** Whether a death (or burial) date is within the recent days of `today` (ISO `YYYY-MM-DD`, Almaty's day). */
export function isRecentDeath(date: string | null, today: string): boolean {
  if (!date) return false;
  const days = (Date.parse(`${today}T00:00:00Z`) - Date.parse(`${date}T00:00:00Z`)) / 86_400_000;
  return days < MEMORIAL_RECENT_DAYS;
}

/** The host of a video link, shown beside it (the link itself is never embedded). */
export function linkHost(url: string): string {
  try {
    return new URL(url).host.replace(/^www\./, "");
  } catch {
    return "";
  }
}

/** The text of a language, or the other's when it is empty: `{ value, lang }` (which language it is in). */
export function inLocale(ru: string, kk: string, locale: "ru" | "kk"): { value: string; lang: "ru" | "kk" } {
  const mine = locale === "kk" ? kk : ru;
  if (mine.trim()) return { value: mine, lang: locale };
  return locale === "kk" ? { value: ru, lang: "ru" } : { value: kk, lang: "kk" };
}
