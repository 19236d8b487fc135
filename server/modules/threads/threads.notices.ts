import { defineNotices } from "../notifications/notices.ts";

/** What the people of a conversation are told of a new comment (the entity's name only, never the text). */
export const threadNotices = defineNotices({
  comment_added: ["subject"],
  internal_note_added: ["subject"],
});
