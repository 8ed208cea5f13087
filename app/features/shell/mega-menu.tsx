import { useCallback, useEffect, useRef, useState, type CSSProperties, type MouseEvent, type RefObject } from "react";
import { usePageLocation } from "~/islands/page-location";
import { useHydrated } from "~/islands/use-hydrated";
import { useMediaQuery } from "~/components/use-media-query";
import type { Footer } from "~/content/content-types";
import type { ResolvedLink } from "~/content/links";
import { useSiteState, useSiteStore } from "~/features/site-state/site-context";
import { setMegaMenuOpen } from "~/features/site-state/store";
import { trapTabKey } from "./focus-trap";
import { detailIdOf, triggerId } from "./mega-menu-ids";
import { MenuBody } from "./mega-menu-body";
import { hasPanel, type MegaMenuModel, type MenuEntry } from "./mega-menu-model";
import { isPlainClick } from "~/islands/plain-click";

/** md breakpoint (spec site.md section 9): the large layout from 768 px, the drill-down below. */
export const LARGE_LAYOUT_QUERY = "(min-width: 768px)";
/** Class on <body> while the menu is open (scroll lock; blocks such as the hero read it too). */
export const MEGA_MENU_OPEN_CLASS = "mega-menu-open";
const PANEL_ID = "mega-menu-panel";

export interface MegaMenuProps {
  menu: MegaMenuModel;
  menuLabel: string;
  /** The label while the menu is open (content); empty: the menu label. */
  closeLabel: string;
  buttonColour: string;
  enquire: { label: string; link: ResolvedLink } | null;
  countrySwitchLabel: string;
  footer: Footer | null;
  activeId: string | null;
  setActiveId: (id: string | null) => void;
  /** The header: the focus trap's container. */
  containerRef: RefObject<HTMLElement | null>;
}

function MenuIcon({ open }: { open: boolean }) {
  return (
    <svg className="menu-button__icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      {open ? (
        <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" fill="none" />
      ) : (
        <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" fill="none" />
      )}
    </svg>
  );
}


/**
 * The mega menu: a large layout (entries beside the open entry's panel) from 768 px and a
 * two-level drill-down with Back below. Without JavaScript it is a details/summary disclosure
 * (the menu and each entry), so it opens and every link works; with JavaScript the button has
 * aria-expanded/aria-controls, Escape, route changes and link clicks close it, focus is trapped
 * in the header while it is open and returns to the button after.
 */
export function MegaMenu(props: MegaMenuProps) {
  const { menu, menuLabel, closeLabel, buttonColour, activeId, setActiveId, containerRef } = props;
  const enhanced = useHydrated();
  const store = useSiteStore();
  const { isMegaMenuOpen: open } = useSiteState();
  const isLarge = useMediaQuery(LARGE_LAYOUT_QUERY, true);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const lastTrigger = useRef<string | null>(null);
  const location = usePageLocation();
  const firstPanel = [...menu.primary, ...menu.modelLines].find(hasPanel)?.id ?? null;

  const close = useCallback(
    (returnFocus: boolean) => {
      setMegaMenuOpen(store, false);
      setActiveId(null);
      lastTrigger.current = null;
      if (returnFocus) buttonRef.current?.focus();
    },
    [store, setActiveId],
  );

  // The enhanced panel's content renders when the visitor first heads for the menu (pointer over
  // or focus on the button) or opens it, not with the page: it is the largest part of the shell.
  const [wanted, setWanted] = useState(false);
  const rendered = wanted || open;
  const want = () => setWanted(true);

  const toggle = () => {
    if (open) {
      close(false);
      return;
    }
    setActiveId(isLarge ? firstPanel : null);
    setMegaMenuOpen(store, true);
  };

  // While open: Escape closes, Tab stays in the header, the rest of the page is inert.
  useEffect(() => {
    if (!open) return;
    const container = containerRef.current;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        event.preventDefault();
        close(true);
      } else if (container) {
        trapTabKey(event, container);
      }
    };
    document.addEventListener("keydown", onKeyDown);
    document.body.classList.add(MEGA_MENU_OPEN_CLASS);
    const slot = container?.parentElement ?? container;
    const others = Array.from(document.body.children).filter(
      (el) => slot && !el.contains(slot) && el.tagName !== "SCRIPT" && !el.hasAttribute("inert"),
    );
    others.forEach((el) => el.setAttribute("inert", ""));
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.body.classList.remove(MEGA_MENU_OPEN_CLASS);
      others.forEach((el) => el.removeAttribute("inert"));
    };
  }, [open, close, containerRef]);

  // A route change closes the menu.
  const path = `${location.pathname}${location.search}`;
  const lastPath = useRef(path);
  useEffect(() => {
    if (lastPath.current === path) return;
    lastPath.current = path;
    if (store.isMegaMenuOpen) close(false);
  }, [path, store, close]);

  // The large layout always shows an entry's panel; the small one starts at the first level.
  const wasLarge = useRef(isLarge);
  useEffect(() => {
    if (open && isLarge && activeId === null) setActiveId(firstPanel);
    if (open && !isLarge && wasLarge.current) setActiveId(null);
    wasLarge.current = isLarge;
  }, [open, isLarge, activeId, firstPanel, setActiveId]);

  // Drill-down: focus goes to Back on the way in and to the entry on the way out.
  useEffect(() => {
    if (!open || isLarge) return;
    if (activeId) document.getElementById(`${detailIdOf(activeId)}-back`)?.focus();
    else if (lastTrigger.current) document.getElementById(lastTrigger.current)?.focus();
  }, [activeId, open, isLarge]);

  const select = (entry: MenuEntry) => {
    lastTrigger.current = triggerId(entry);
    setActiveId(entry.id);
  };

  const onPanelClick = (event: MouseEvent<HTMLDivElement>) => {
    if (isPlainClick(event) && (event.target as Element).closest("a[href]")) close(true);
  };

  const body = (
    <MenuBody {...props} enhanced={enhanced} drilled={enhanced && !isLarge && activeId !== null} onSelect={select} onBack={() => setActiveId(null)} />
  );

  if (!enhanced) {
    // The server's menu (and the menu without JavaScript); right after hydration the enhanced menu
    // below replaces it. A tap may open it before its island runs (native controls are never held),
    // so its `open` may differ from the server's: as with every `<details>` of an island.
    return (
      <details suppressHydrationWarning className="mega-menu">
        <summary className="menu-button" style={{ "--menu-button-colour": buttonColour } as CSSProperties}>
          <MenuIcon open={false} />
          <span className="menu-button__label">{menuLabel}</span>
          {/* Shown instead of the menu label while the details element is open (CSS). */}
          {closeLabel ? <span className="menu-button__label menu-button__label--open">{closeLabel}</span> : null}
        </summary>
        <div id={PANEL_ID} className="mega-menu__panel">
          {body}
        </div>
      </details>
    );
  }
  return (
    <div className="mega-menu" data-enhanced="" data-open={open ? "" : undefined}>
      <button
        ref={buttonRef}
        type="button"
        className="menu-button"
        aria-expanded={open}
        aria-controls={PANEL_ID}
        onClick={toggle}
        onPointerEnter={want}
        onFocus={want}
        style={{ "--menu-button-colour": buttonColour } as CSSProperties}
      >
        <MenuIcon open={open} />
        <span className="menu-button__label">{open && closeLabel ? closeLabel : menuLabel}</span>
      </button>
      {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions -- delegates link activation (keyboard Enter fires click too) */}
      <div className="mega-menu__panel" id={PANEL_ID} hidden={!open} onClick={onPanelClick}>
        {rendered ? body : null}
      </div>
    </div>
  );
}
