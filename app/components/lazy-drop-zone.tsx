import { lazy, Suspense, useEffect, useState } from "react";
import type { TDropZoneProps } from "./drop-zone.tsx";
import { FieldMessage } from "./field-message.tsx";

const DropZoneChunk = lazy(() => import("./drop-zone.tsx").then((m) => ({ default: m.DropZone })));

/**
 * The drop zone for public pages: its code (the upload queue and its config schema, a third of a
 * page's JavaScript) loads once the page is running, so the page's first load stays small. Until
 * then a quiet frame with the field's label holds its place, and the files already attached stay
 * in the form; the real file input appears only when it works, so nothing picked is ever lost.
 */
export function LazyDropZone(props: TDropZoneProps) {
  const [isMounted, setMounted] = useState(false);
  const name = props.name ?? props.field?.name;
  useEffect(() => setMounted(true), []);
  const placeholder = (
    <div className="drop-zone field is-disabled" aria-busy="true" data-testid="drop-zone-loading">
      <p className="field__label">{props.label}</p>
      <div className="drop-zone__area" />
      {props.hint ? <p className="field__hint">{props.hint}</p> : null}
      {name ? (props.value ?? []).map((f) => <input key={f.id} type="hidden" name={name} value={f.id} />) : null}
      {props.field ? <FieldMessage field={props.field} /> : null}
    </div>
  );
  if (!isMounted) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <DropZoneChunk {...props} />
    </Suspense>
  );
}
