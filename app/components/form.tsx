import { type InputHTMLAttributes, type ReactNode, useId } from "react";
import { applyMask, formatPhoneInput, MASKS } from "../../common/mask.ts";
import type { TFieldMeta } from "../lib/form.ts";
import { useT } from "../lib/hooks.ts";
import { Icon } from "./icon.tsx";

/** The attributes a field's control takes from its metadata (`Field`'s render prop). */
export type TControlProps = {
  id: string;
  name: string;
  defaultValue: string | undefined;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
  "aria-required": true | undefined;
};

/** The attributes of a form field's control: its id and name, first value, and what describes it. */
export function controlProps(field: TFieldMeta, opts: { hint?: unknown; required?: boolean } = {}): TControlProps {
  return {
    id: field.id,
    name: field.name,
    defaultValue: field.defaultValue,
    "aria-invalid": field.errors ? true : undefined,
    "aria-describedby": describedBy(field.id, opts.hint, field.errors),
    "aria-required": opts.required || undefined,
  };
}

/**
 * A labelled field with its hint and its error next to it. With `field` (from `useSchemaForm`)
 * the ids and the message come from the form, and a function child gets the control's attributes:
 * `<Field field={fields.notes} label="…">{(p) => <textarea {...p} rows={2} />}</Field>`.
 */
export function Field({
  label,
  hint,
  error,
  children,
  id,
  field,
  required,
}: {
  label: ReactNode;
  hint?: ReactNode;
  required?: boolean;
} & (
  | { field: TFieldMeta; children: ReactNode | ((props: TControlProps) => ReactNode); id?: never; error?: never }
  | { field?: never; id: string; error?: string; children: ReactNode }
)) {
  const fieldId = field ? field.id : id;
  const message = field ? field.errors?.[0] : error;
  const control =
    typeof children === "function" && field ? children(controlProps(field, { hint, required })) : children;
  return (
    <div className={`field${message ? " field--error" : ""}`}>
      <label htmlFor={fieldId} className="field__label">
        {label}
      </label>
      {control as ReactNode}
      {hint ? (
        <p className="field__hint" id={`${fieldId}-hint`}>
          {hint}
        </p>
      ) : null}
      {message ? (
        <p className="field__error" id={`${fieldId}-error`} role="alert">
          {message}
        </p>
      ) : null}
    </div>
  );
}

type TInputRest = Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "name" | "defaultValue" | "form">;

/** A labelled `<input>` of a form: `<TextField field={fields.surname} label="…" required />`. */
export function TextField({
  field,
  label,
  hint,
  required,
  ...input
}: { field: TFieldMeta; label: ReactNode; hint?: ReactNode } & TInputRest) {
  return (
    <Field field={field} label={label} hint={hint} required={required}>
      {(p) => <input {...p} {...input} />}
    </Field>
  );
}

/**
 * The one phone input of the product: `+7 (___) ___-__-__`, formatted as it is typed or pasted
 * (`formatPhoneInput`), stored by the schema as `+77019990031` (`ZPhone`).
 */
export function PhoneField({
  hint,
  ...props
}: { field: TFieldMeta; label: ReactNode; hint?: ReactNode } & Omit<TInputRest, "type" | "onChange">) {
  const { t } = useT();
  return (
    <TextField
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      placeholder={MASKS.phone.replace(/#/g, "_")}
      hint={hint === undefined ? t("login.phone_hint") : hint}
      onChange={(e) => {
        e.currentTarget.value = formatPhoneInput(e.currentTarget.value);
      }}
      {...props}
    />
  );
}

/** A form's own message (the API's refusal that names no field), above its fields. */
export function FormError({ form }: { form: { errors: string[] | undefined } }) {
  return form.errors?.length ? (
    <p className="alert alert--error" role="alert">
      <Icon name="alert" /> {form.errors[0]}
    </p>
  ) : null;
}

/** The `<option>`s of a select of named records (cemeteries, mostly), by id. */
export function NamedOptions({ items }: { items: readonly { id: number; name: string }[] }) {
  return items.map((item) => (
    <option key={item.id} value={item.id}>
      {item.name}
    </option>
  ));
}

/** `aria-describedby` for a field's hint and error (ids `<id>-hint`, `<id>-error`). */
export function describedBy(id: string, hint?: unknown, error?: unknown): string | undefined {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean);
  return ids.length ? ids.join(" ") : undefined;
}

type MaskedInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, "onChange" | "value"> & {
  mask: string;
  value: string;
  onValueChange: (value: string) => void;
};

/** A text input that formats what is typed by a mask (`#` digit, `X`, `S`, `A`, `a`, `!` escape). */
export function MaskedInput({ mask, value, onValueChange, ...rest }: MaskedInputProps) {
  return (
    <input
      {...rest}
      value={value}
      onChange={(e) => onValueChange(applyMask(e.target.value, mask))}
      maxLength={mask.replace(/!/g, "").length}
    />
  );
}

export function useFieldId(prefix: string): string {
  return `${prefix}-${useId().replace(/:/g, "")}`;
}

/**
 * The link to the privacy notice under a form that asks for personal data. It opens in a new tab, so
 * what was typed into the form (and a registration ticket) is not lost by reading it. Kept with the
 * form's fields rather than in a module of its own: every form page loads this module anyway.
 */
export function PrivacyLink({ children }: { children?: ReactNode }) {
  const { t, to } = useT();
  return (
    <a href={to("/privacy")} target="_blank" rel="noopener" data-testid="privacy-link">
      {children ?? t("privacy.form_link")}
    </a>
  );
}

/** A form's line that links to the privacy notice. */
export const PrivacyNote = () => (
  <p className="field__hint">
    <PrivacyLink />
  </p>
);
