import spriteUrl from "./icons/icons.svg?url";

/**
 * The product's icons (lucide's shapes), drawn from one SVG sprite that the build fingerprints
 * and browsers cache for a year: nothing is fetched from other origins, they draw under the
 * strict Content-Security-Policy, and their geometry weighs nothing in the pages' JavaScript
 * (the lucide components cost 4 KB gzip on every page). The sprite is built from the lucide
 * icons listed in `icons/sprite.tsx`.
 */
export const ICON_NAMES = [
  "alert",
  "bell",
  "book",
  "building",
  "check",
  "chevron-right",
  "clock",
  "file",
  "globe",
  "home",
  "image",
  "info",
  "log-out",
  "mail",
  "map-pin",
  "menu",
  "pencil",
  "phone",
  "plus",
  "refresh",
  "retry",
  "search",
  "shield",
  "trash",
  "truck",
  "upload",
  "user",
  "users",
  "x",
] as const;

export type IconName = (typeof ICON_NAMES)[number];

/** A decorative icon by default; give `label` when the icon alone carries meaning. */
export function Icon({ name, size = 20, label }: { name: IconName; size?: number; label?: string }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.75}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden={label ? undefined : true}
      aria-label={label}
      role={label ? "img" : undefined}
      focusable={false}
      className="icon"
    >
      <use href={`${spriteUrl}#${name}`} />
    </svg>
  );
}
