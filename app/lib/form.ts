import type { SubmissionResult } from "@conform-to/zod/v4";
import { type FormEvent, type FocusEvent, useCallback, useEffect, useRef, useState } from "react";
import type { z } from "zod";
import type * as Schemas from "../../common/forms.ts";
import type { TFormName } from "../../common/move-forms.ts";
import type { TIssueMessage } from "../../common/validation.ts";
import { useT } from "./hooks.ts";

type TSchemas = typeof Schemas;

export type { TFormName };

/** What a form of that schema posts (its fields), and what the action gets once it is valid. */
export type TFormInput<N extends TFormName> = z.input<TSchemas[N]>;
export type TFormOutput<N extends TFormName> = z.output<TSchemas[N]>;

/**
 * A form's answer from its action, in Conform's shape (`submission.reply()`): the messages by
 * field name (`""` for the form's own), what was typed (`initialValue`, so a form posted before
 * hydration comes back filled in; `null` after a success that clears the form).
 */
export type TFormReply = SubmissionResult<string[]>;

/** The message of a refused form that names no field of it (else its first field's): what an alert shows. */
export function formMessage(reply: TFormReply | null | undefined): string | undefined {
  return reply?.error?.[""]?.[0] ?? Object.values(reply?.error ?? {}).find((v) => v?.length)?.[0];
}

/** Field names of a form: its fields and the fields of its nested objects (`admin.phone`). */
type TPaths<T> = T extends readonly unknown[]
  ? never
  : T extends object
    ? {
        [K in keyof T & string]:
          | K
          | (NonNullable<T[K]> extends readonly unknown[]
              ? never
              : NonNullable<T[K]> extends object
                ? `${K}.${keyof NonNullable<T[K]> & string}`
                : never);
      }[keyof T & string]
    : never;

/** One field as the form's components draw it: ids for the label, hint and error, its messages, its first value. */
export type TFieldMeta = {
  id: string;
  name: string;
  /** Translated messages; undefined when the field is fine. */
  errors: string[] | undefined;
  errorId: string;
  hintId: string;
  /** The value to start from: what was typed before a refused post, else the form's `defaultValue`. */
  defaultValue: string | undefined;
  /** The same for a group of checkboxes (every value). */
  defaultValues: string[];
  /** A checkbox: checked at first. */
  defaultChecked: boolean;
};

type TErrors = Record<string, string[]>;

/** `admin.phone` → `adminPhone`, `boundary[0]` → `boundary-0`: ids that CSS selectors and tests can name. */
export function fieldId(prefix: string, name: string): string {
  const id = name.replace(/\.(\w)/g, (_, c: string) => c.toUpperCase()).replace(/\[(\d+)\]/g, "-$1");
  return prefix ? `${prefix}-${id}` : id;
}

function valueAt(source: unknown, name: string): unknown {
  let v = source;
  for (const key of name.split(/[.[\]]+/).filter(Boolean)) {
    v = v && typeof v === "object" ? (v as Record<string, unknown>)[key] : undefined;
  }
  return v;
}

const errorsOf = (reply: TFormReply | null | undefined): TErrors => {
  const out: TErrors = {};
  for (const [k, v] of Object.entries(reply?.error ?? {})) if (v?.length) out[k] = v;
  return out;
};

let validator: typeof import("./form-validate.ts") | undefined;
let loading: Promise<unknown> | undefined;
/** The validator and the schemas (zod) load when a form is first touched, not with the page. */
const loadValidator = () => {
  loading ??= import("./form-validate.ts").then((m) => {
    validator = m;
  });
  return loading;
};

export type TFormOptions<N extends TFormName> = {
  /** The action's answer (`actionData?.form`, `fetcher.data?.form`). */
  lastResult?: TFormReply | null;
  /** Prefix of the fields' ids (`f` → `f-surname`); `""` for bare names. Distinct per form on a page. */
  id?: string;
  /** Values the fields start from (an edited record). */
  defaultValue?: Partial<Record<keyof TFormInput<N>, unknown>>;
  /** Runs when the form is valid in the browser (a form sent by script: call `preventDefault`). */
  onValid?: (event: FormEvent<HTMLFormElement>, value: TFormOutput<N> | undefined) => void;
};

/**
 * A form validated by its shared schema in the browser (messages translated next to the fields),
 * showing its action's answer (`submitForm` on the server, or `replyOfApiError`). A field is
 * checked when left after a change, every field on sending and after it; a refused form focuses its
 * first wrong field. Before hydration the form posts as it is and the action answers the same way.
 *
 * ```tsx
 * const { form, fields } = useSchemaForm("ZInvite", { lastResult: actionData?.form, id: "inv" });
 * <Form method="post" {...form.props}>
 *   <FormError form={form} />
 *   <PhoneField field={fields.phone} label={t("common.phone")} />
 *   <TextField field={fields.surname} label={t("register.surname")} required />
 * </Form>
 * ```
 */
export function useSchemaForm<N extends TFormName>(schema: N, options: TFormOptions<N> = {}) {
  const { t } = useT();
  const { lastResult, id: prefix = "f", defaultValue, onValid } = options;
  const [errors, setErrors] = useState<TErrors>(() => errorsOf(lastResult));
  const [shown, setShown] = useState(lastResult);
  const fromServer = useRef(new Set(Object.keys(errors)));
  const edited = useRef(new Set<string>());
  const submitted = useRef(false);
  const formRef = useRef<HTMLFormElement | null>(null);
  if (shown !== lastResult) {
    setShown(lastResult);
    const next = errorsOf(lastResult);
    fromServer.current = new Set(Object.keys(next));
    setErrors(next);
  }
  useEffect(() => {
    if (lastResult?.initialValue === null) {
      formRef.current?.reset();
      submitted.current = false;
    }
  }, [lastResult]);

  /** The browser's verdict, translated; undefined until the validator is loaded. */
  const check = (el: HTMLFormElement) => {
    if (!validator) return undefined;
    const s = validator.parseForm(schema, new FormData(el));
    const found: TErrors = {};
    if (s.status !== "success") {
      for (const [k, v] of Object.entries(s.error ?? {}))
        if (v?.length) found[k] = v.map((m: TIssueMessage) => t(m.key, m.params));
    }
    return { found, value: s.status === "success" ? (s.value as TFormOutput<N>) : undefined };
  };

  /** Re-checks one field that was left or changed, and the messages shown (a fixed date pair clears both). */
  const recheck = (el: HTMLFormElement, name: string) => {
    const r = check(el);
    if (!r) return void loadValidator().then(() => recheck(el, name));
    setErrors((prev) => {
      const next: TErrors = {};
      for (const [k, v] of Object.entries(prev)) if (k !== name && fromServer.current.has(k)) next[k] = v;
      for (const k of new Set([name, ...Object.keys(prev).filter((k) => !fromServer.current.has(k))])) {
        const v = r.found[k];
        if (v) next[k] = v;
      }
      if (submitted.current) Object.assign(next, r.found);
      return next;
    });
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const el = event.currentTarget;
    submitted.current = true;
    const r = check(el);
    if (!r) {
      // Not loaded yet: wait for it, then send again (a failed load sends as it is: the action checks).
      event.preventDefault();
      const submitter = (event.nativeEvent as SubmitEvent).submitter;
      void loadValidator().then(
        () => el.requestSubmit(submitter),
        () => (onValid ? onValid(event, undefined) : el.submit()),
      );
      return;
    }
    fromServer.current.clear();
    setErrors(r.found);
    const first = Object.keys(r.found)[0];
    if (first !== undefined) {
      event.preventDefault();
      const wrong = [...el.elements].find(
        (e): e is HTMLElement => e instanceof HTMLElement && "name" in e && Boolean(r.found[String(e.name)]),
      );
      wrong?.focus();
      return;
    }
    onValid?.(event, r.value);
  };

  const nameOf = (target: EventTarget) => {
    const name = (target as { name?: unknown }).name;
    return typeof name === "string" && name ? name : null;
  };

  const ref = useCallback((el: HTMLFormElement | null) => {
    formRef.current = el;
  }, []);

  const meta = (name: string): TFieldMeta => {
    const id = fieldId(prefix, name);
    const typed = lastResult?.initialValue;
    const raw = typed ? valueAt(typed, name) : valueAt(defaultValue, name);
    const list = raw === undefined || raw === null ? [] : Array.isArray(raw) ? raw.map(String) : [String(raw)];
    return {
      id,
      name,
      // A group's own message, else its first item's (`cemeteryIds[0]`, `boundary[2]`).
      errors: errors[name] ?? Object.entries(errors).find(([k]) => k.startsWith(`${name}[`))?.[1],
      errorId: `${id}-error`,
      hintId: `${id}-hint`,
      defaultValue: list[0],
      defaultValues: list,
      defaultChecked: raw === true || raw === "on",
    };
  };

  return {
    form: {
      /** The form's own messages (the API's general refusal). */
      errors: errors[""],
      /** Spread on `<Form>` / `<fetcher.Form>` / `<form>`. */
      props: {
        ref,
        noValidate: true,
        onSubmit,
        onFocus: () => void loadValidator(),
        onInput: (e: FormEvent<HTMLFormElement>) => {
          const name = nameOf(e.target);
          if (!name) return;
          edited.current.add(name);
          if (errors[name] || submitted.current) recheck(e.currentTarget, name);
        },
        onBlur: (e: FocusEvent<HTMLFormElement>) => {
          const name = nameOf(e.target);
          if (name && edited.current.has(name)) recheck(e.currentTarget, name);
        },
      },
    },
    /** Every field by name (`fields.surname`, `fields["admin.phone"]`). */
    fields: new Proxy({} as Record<TPaths<TFormInput<N>>, TFieldMeta>, {
      get: (_, name) => meta(String(name)),
    }),
  };
}
