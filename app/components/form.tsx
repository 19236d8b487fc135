import { type InputHTMLAttributes, type ReactNode, useId } from "react";
import { applyMask } from "../../common/mask.ts";

/** A labelled field with its hint and its error next to it. */
export function Field({
  label,
  hint,
  error,
  children,
  id,
}: {
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  id: string;
  children: ReactNode;
}) {
  return (
    <div className={`field${error ? " field--error" : ""}`}>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      {children}
      {hint ? (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field__error" id={`${id}-error`} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The `<option>`s of a select of named records (cemeteries, mostly), by id. */
export function NamedOptions({ items }: { items: readonly { id: number; name: string }[] }) {
  return items.map((item) => (
    <option key={item.id} value={item.id}>
      {item.name}
    </option>
  ));
}

/** `aria-describedby` for a field's hint and error. */
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
