/**
 * The words of a thread (the conversation about an entity: `server/modules/threads/`), shared by
 * the API, its schemas and the screen, free of zod.
 */

/** Who may read a comment: everyone in the conversation, or only the entity's staff. */
export const COMMENT_VISIBILITIES = ["participants", "internal"] as const;
export type CommentVisibility = (typeof COMMENT_VISIBILITIES)[number];

/** The side an author wrote from, shown as their role («Сотрудник» / «Заявитель»). */
export const THREAD_SIDES = ["staff", "applicant"] as const;
export type ThreadSide = (typeof THREAD_SIDES)[number];

/** The longest comment, in characters, after line breaks are normalised and the ends trimmed. */
export const COMMENT_MAX_LENGTH = 4000;

/** Files one comment may carry. */
export const COMMENT_MAX_FILES = 5;

/** Comments one person may post in an hour, across every thread (counted in the database). */
export const COMMENTS_PER_HOUR = 30;

/** Comments a thread's page shows at once (the newest; older ones on demand). */
export const THREAD_PAGE_SIZE = 50;

/** The `intent` a page's comment form posts, so the page's action hands it to `threadAction`. */
export const THREAD_INTENT = "comment";

/** A page's URL parameter for older comments (the "earlier" link, before the page is hydrated). */
export const THREAD_BEFORE_PARAM = "threadBefore";
