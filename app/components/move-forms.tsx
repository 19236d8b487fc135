import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import type { TFormName, TMoveForms } from "../../common/move-forms.ts";
import { formMessage, type TFormReply, useSchemaForm } from "../lib/form.ts";
import { FormError } from "./form.tsx";
import { Icon } from "./icon.tsx";

/**
 * What a move's post answers (`moveAction`): the move, the record (on a page of several), whether
 * it was made, and its form's answer (messages next to the fields, what was typed; emptied after a
 * success).
 */
export type TMoveReply<M extends string = string> = {
  move: M;
  id: number | null;
  /** Which of the page's kinds of record (`of`), on a page that moves two (an order and its lines). */
  of?: string | null;
  done: boolean;
  form: TFormReply;
};

/** The fields of a move's form, by name (`fields.reason`), as `useSchemaForm` gives them. */
type TFields<N extends TFormName> = ReturnType<typeof useSchemaForm<N>>["fields"];

/** How a screen draws one move. */
export type TMoveView<N extends TFormName | undefined = TFormName | undefined> = {
  /** The button that makes the move. */
  label: string;
  /** A hint above the button (what the move does). */
  hint?: string;
  /** Drawn folded: the summary opens the form, whose button confirms (a warning may explain). */
  confirm?: { summary: string; warning?: string };
  danger?: boolean;
  /** A secondary move: a quieter button. */
  ghost?: boolean;
  /** The fields of the move's form (its schema's). */
  fields?: N extends TFormName ? (fields: TFields<N>) => ReactNode : never;
  /** Said when the move is made. */
  done?: string;
  /** The button's icon. */
  icon?: Parameters<typeof Icon>[0]["name"];
};

/** The views of a workflow's moves that a screen draws, in the order drawn. */
export type TMoveViews<M extends string, F extends TMoveForms<M>> = {
  [K in M]?: TMoveView<K extends keyof F ? (F[K] extends TFormName ? F[K] : undefined) : undefined>;
};

type TProps<M extends string, F extends TMoveForms<M>> = {
  /** The moves the caller may make now (the record's `moves`, from the API). */
  moves: readonly M[];
  /** The workflow's forms (`common/`): which schema each move's form has. */
  forms: F;
  views: TMoveViews<M, F>;
  /** The action's answer (`moveAction`). */
  answer?: TMoveReply<M> | null;
  /** The record, on a page of several: posted as `id`, and only its answer is shown here. */
  id?: number;
  /** The kind of record, on a page that moves two kinds (posted as `of`; only its answers are shown here). */
  of?: string;
  /** Prefix of the fields' ids (distinct per record on a page of several). */
  prefix?: string;
  /** Said when none of the drawn moves is allowed now. */
  empty?: string;
  /** Drawn inline (a row of a list) rather than stacked. */
  inline?: boolean;
  /** Small buttons (a list's item). */
  small?: boolean;
};

/**
 * A record's move forms, drawn from the moves the API allows the caller now: one `<Form>` per
 * move with a hidden `move` (and `id`), its fields (the move's schema, checked in the browser and
 * by `moveAction`), its refusal next to the fields or above the button, and what was done.
 * A move allowed by the API but not in `views` is not drawn (it belongs to another screen).
 *
 * ```tsx
 * <MoveForms moves={r.moves} forms={BURIAL_REQUEST_MOVE_FORMS} answer={actionData}
 *   views={{ confirm: { label: t("…confirm") }, cancel: { label: …, danger: true,
 *     confirm: { summary: … }, fields: (f) => <Field field={f.reason} label={…}>{(p) => <textarea {...p} />}</Field> } }} />
 * ```
 */
export function MoveForms<M extends string, F extends TMoveForms<M>>(props: TProps<M, F>) {
  const { moves, views, answer, id, of, empty, inline, small } = props;
  const mine = answer && (id === undefined || answer.id === id) && (answer.of ?? undefined) === of ? answer : null;
  const drawn = (Object.keys(views) as M[]).filter((m) => moves.includes(m));
  const doneText = mine?.done ? views[mine.move]?.done : undefined;
  return (
    <div className={inline ? "move-forms move-forms--inline" : "move-forms"} data-testid="move-forms">
      {/* Where the pressed button was: a phone shows this part of the page after the move. */}
      {doneText ? (
        <p className="alert alert--success" role="status" data-testid="move-done">
          <Icon name="check" /> {doneText}
        </p>
      ) : null}
      {mine && !mine.done && !drawn.includes(mine.move) ? (
        // Refused, and no longer offered (someone else moved the record meanwhile): its form is gone.
        <p className="alert alert--error" role="alert" data-testid="move-error">
          {formMessage(mine.form)}
        </p>
      ) : null}
      {drawn.length === 0 && empty ? <p className="muted">{empty}</p> : null}
      {drawn.map((m) => (
        <MoveForm
          key={m}
          move={m}
          schema={props.forms[m] as TFormName | undefined}
          view={views[m] as TMoveView}
          lastResult={mine?.move === m && !mine.done ? mine.form : undefined}
          id={id}
          of={of}
          small={small}
          prefix={`${props.prefix ?? "mv"}-${m}`}
        />
      ))}
    </div>
  );
}

function MoveForm({
  move,
  schema,
  view,
  lastResult,
  id,
  of,
  small,
  prefix,
}: {
  of: string | undefined;
  small?: boolean;
  move: string;
  schema: TFormName | undefined;
  view: TMoveView;
  lastResult: TFormReply | undefined;
  id: number | undefined;
  prefix: string;
}) {
  const busy = useNavigation().state !== "idle";
  // A move without a schema has no fields: the form layer only shows its refusal.
  const { form, fields } = useSchemaForm(schema ?? "ZEmpty", { id: prefix, lastResult });
  const hintId = view.hint ? `${prefix}-hint` : view.confirm?.warning ? `${prefix}-warning` : undefined;
  const body = (
    <Form method="post" className="form move-form" data-testid={`move-form-${move}`} {...form.props}>
      <input type="hidden" name="move" value={move} />
      {id !== undefined ? <input type="hidden" name="id" value={id} /> : null}
      {of !== undefined ? <input type="hidden" name="of" value={of} /> : null}
      <FormError form={form} />
      {view.confirm?.warning ? (
        <p className="alert alert--warning" id={hintId}>
          {view.confirm.warning}
        </p>
      ) : null}
      {view.hint ? (
        <p className="field__hint" id={hintId}>
          {view.hint}
        </p>
      ) : null}
      {view.fields && schema ? (view.fields as (f: typeof fields) => ReactNode)(fields) : null}
      <button
        type="submit"
        className={`button${view.danger ? " button--danger" : view.ghost ? " button--ghost" : ""}${small ? " button--small" : ""}`}
        disabled={busy}
        aria-describedby={hintId}
        data-testid={`move-${move}-button`}
      >
        {view.icon ? <Icon name={view.icon} /> : null} {view.label}
      </button>
    </Form>
  );
  if (!view.confirm) return body;
  return (
    <details className="record" data-testid={`move-${move}`} open={Boolean(lastResult)}>
      <summary
        className={`button button--ghost${view.danger ? " button--danger" : ""}${small ? " button--small" : ""}`}
      >
        {view.confirm.summary}
      </summary>
      {body}
    </details>
  );
}
