import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { useLocation } from "react-router";
import { useT } from "../lib/hooks.ts";
import { Icon } from "./icon.tsx";

/** From this width the header has room for the whole navigation; below it, the menu button. */
const WIDE = "(min-width: 48rem)";

/**
 * The header's navigation and account bar behind a menu button on a phone, shown as they are on a
 * wide screen. A `<details>` element, so the button works before the page is hydrated (and
 * without JavaScript); once hydrated it also says whether it is open (aria-expanded), closes on
 * Escape (focus back on the button), on a click or focus outside it and after a navigation. On a
 * wide screen its summary is hidden and its content shown by CSS (`::details-content`); for
 * browsers without that, it is opened there once hydrated.
 */
export function SiteMenu({ children }: { children: ReactNode }) {
  const { t } = useT();
  const ref = useRef<HTMLDetailsElement>(null);
  const button = useRef<HTMLElement>(null);
  const panelId = useId();
  const [isOpen, setIsOpen] = useState(false);
  const [isHydrated, setIsHydrated] = useState(false);
  const { pathname, search } = useLocation();

  // A menu opened before hydration stays open, and now says so.
  useEffect(() => {
    setIsHydrated(true);
    setIsOpen(ref.current?.open ?? false);
  }, []);

  const isWide = () => window.matchMedia(WIDE).matches;
  const close = (focusButton: boolean) => {
    if (!ref.current || isWide()) return;
    ref.current.open = false;
    if (focusButton) button.current?.focus();
  };

  // A wide screen shows everything; narrowing it closes the menu again.
  useEffect(() => {
    const wide = window.matchMedia(WIDE);
    if (wide.matches && ref.current) ref.current.open = true;
    const sync = () => {
      if (ref.current) ref.current.open = wide.matches;
    };
    wide.addEventListener("change", sync);
    return () => wide.removeEventListener("change", sync);
  }, []);

  // A link followed inside the menu leads to another page: the menu is done.
  const shownAt = useRef(`${pathname}${search}`);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation on purpose
  useEffect(() => {
    if (shownAt.current === `${pathname}${search}`) return;
    shownAt.current = `${pathname}${search}`;
    close(false);
  }, [pathname, search]);

  // Listening all along and asking the element itself, so a tap right after opening counts too.
  // biome-ignore lint/correctness/useExhaustiveDependencies: close reads the element, not render state
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape" && ref.current?.open) close(true);
    };
    const onOutside = (e: Event) => {
      if (ref.current?.open && e.target instanceof Node && !ref.current.contains(e.target)) close(false);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("click", onOutside);
    document.addEventListener("focusin", onOutside);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("click", onOutside);
      document.removeEventListener("focusin", onOutside);
    };
  }, []);

  return (
    <details ref={ref} className="site-menu" onToggle={(e) => setIsOpen(e.currentTarget.open)} data-testid="site-menu">
      {/* biome-ignore lint/a11y/useSemanticElements: a <summary> opens the menu before hydration too, a <button> would not; the role lets it carry aria-expanded */}
      <summary
        ref={button}
        className="site-menu__button"
        role="button"
        aria-controls={panelId}
        // Before hydration the browser itself tells whether a <details> is open.
        aria-expanded={isHydrated ? isOpen : undefined}
        data-testid="menu-button"
      >
        <Icon name={isOpen ? "x" : "menu"} />
        <span>{t("nav.menu")}</span>
      </summary>
      <div id={panelId} className="site-menu__panel">
        {children}
      </div>
    </details>
  );
}
