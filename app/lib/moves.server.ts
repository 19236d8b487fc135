import { data } from "react-router";
import type { ApiClient } from "../../common/api-client.ts";
import type { Locale } from "../../common/locale.ts";
import type { TMoveForms } from "../../common/move-forms.ts";
import { parseId } from "../../common/schemas.ts";
import type { TMoveReply } from "../components/move-forms.tsx";
import type { TFormReply } from "./form.ts";
import { str, submitAction, submitForm } from "./form.server.ts";
import { notFound } from "./page-ids.server.ts";
import { THREAD_INTENT, threadAction } from "./thread.server.ts";

/**
 * The one action of a screen's move forms (`<MoveForms>`): reads the posted `move` (and `id` on a
 * page of several records), checks the move's input with its form's schema (the one the machine
 * checks it with: `TMoveForms`), and makes the move through the API (`send`, the record's move
 * operation). A refusal — the schema's or the API's, a move no longer allowed — comes back as the
 * move's form answer with the API's status; a move the screen does not draw is 404.
 *
 * ```ts
 * return moveAction(request, rc.locale, { forms: SUPPLIER_MOVE_FORMS, moves: ["activate", "block"],
 *   send: (move, body, id) => rc.api.post("/suppliers/:id/moves/:move", { params: { id, move }, body }) });
 * ```
 */
export async function moveAction<M extends string>(
  request: Request,
  locale: Locale,
  opts: {
    /** The posted form, when the action has read it already (it decides between this and another action). */
    form?: FormData;
    forms: TMoveForms<M>;
    /** The moves this screen draws (a posted name outside them is 404). */
    moves: readonly M[];
    /** The record's id when the page has one (else the form's `id` field names it). */
    id?: number;
    /** The kind of record, on a page that moves two kinds (the form's `of`; see `<MoveForms of>`). */
    of?: string;
    send: (move: M, body: Record<string, unknown>, id: number) => Promise<unknown>;
  },
) {
  const form = opts.form ?? (await request.formData());
  const posted = str(form, "move");
  const move = opts.moves.find((m) => m === posted);
  const id = opts.id ?? parseId(str(form, "id"));
  if (!move || !id) return notFound(request);
  const schema = opts.forms[move];
  const sent = schema
    ? await submitForm(form, schema, locale, (body) => opts.send(move, body as Record<string, unknown>, id))
    : await submitAction(() => opts.send(move, {}, id));
  const answer = (done: boolean, reply: TFormReply): TMoveReply<M> => ({
    move,
    id: opts.id === undefined ? id : null,
    ...(opts.of !== undefined ? { of: opts.of } : {}),
    done,
    form: reply,
  });
  if (sent.ok) return answer(true, sent.reply({ resetForm: true }));
  return data(answer(false, sent.reply), { status: sent.status });
}

/**
 * The action of a record's page that has a thread and move forms (an appeal's, a reburial
 * request's, on the applicant's and the staff's side alike): a message of the thread
 * (`intent=comment`) goes to `threadAction`, anything else is one of the page's `moves`.
 */
export async function threadOrMoveAction<M extends string>(
  request: Request,
  rc: { api: ApiClient; locale: Locale },
  id: number,
  opts: {
    /** The thread's entity type (`registerThread` on the server). */
    entityType: string;
    forms: TMoveForms<M>;
    moves: readonly M[];
    send: (api: ApiClient, move: M, body: Record<string, unknown>, id: number) => Promise<unknown>;
  },
) {
  const form = await request.formData();
  if (str(form, "intent") === THREAD_INTENT)
    return threadAction(rc, form, { entityType: opts.entityType, entityId: id });
  return moveAction(request, rc.locale, {
    form,
    id,
    forms: opts.forms,
    moves: opts.moves,
    send: (move, body, rid) => opts.send(rc.api, move, body, rid),
  });
}
