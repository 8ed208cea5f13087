import { useLocation } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState, type MouseEvent, type ReactNode, type RefObject } from "react";
import { ServerHtml } from "~/components/server-html";
import { ResponsiveImage } from "~/components/image";
import { ResolvedAnchor, SmartLink } from "~/components/smart-link";
import { useHydrated } from "~/components/use-hydrated";
import { useMediaQuery } from "~/components/use-media-query";
import type { Footer } from "~/content/content-types";
import type { ResolvedLink } from "~/content/links";
import { useSiteState, useSiteStore } from "~/features/site-state/site-context";
import { setMegaMenuOpen } from "~/features/site-state/store";
import { CountrySwitch } from "./country-switch";
import { trapTabKey } from "./focus-trap";
import { hasPanel, type MegaMenuModel, type MenuEntry } from "./mega-menu-model";

/** md breakpoint (spec site.md section 9): the large layout from 768 px, the drill-down below. */
export const LARGE_LAYOUT_QUERY = "(min-width: 768px)";
/** Class on <body> while the menu is open (scroll lock; blocks such as the hero read it too). */
export const MEGA_MENU_OPEN_CLASS = "mega-menu-open";
const PANEL_ID = "mega-menu-panel";
/** The spec's label of the drill-down's way up. */
const BACK_LABEL = "Back";

const triggerId = (entry: MenuEntry) => `mega-menu-trigger-${entry.id}`;
const detailIdOf = (id: string) => `mega-menu-detail-${id}`;
const detailId = (entry: MenuEntry) => detailIdOf(entry.id);

interface MegaMenuProps {
  menu: MegaMenuModel;
  menuLabel: string;
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

function Chevron({ back = false }: { back?: boolean }) {
  return (
    <svg className="mega-menu__chevron" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
      <path d={back ? "M10 3L5 8l5 5" : "M6 3l5 5-5 5"} stroke="currentColor" strokeWidth="2" fill="none" />
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
  const { menu, menuLabel, buttonColour, activeId, setActiveId, containerRef } = props;
  const enhanced = useHydrated();
  const store = useSiteStore();
  const { isMegaMenuOpen: open } = useSiteState();
  const isLarge = useMediaQuery(LARGE_LAYOUT_QUERY, true);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const lastTrigger = useRef<string | null>(null);
  const location = useLocation();
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
    const modified = event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0;
    if (!modified && (event.target as Element).closest("a[href]")) close(true);
  };

  const body = (
    <MenuBody
      {...props}
      enhanced={enhanced}
      drilled={enhanced && !isLarge && activeId !== null}
      onSelect={select}
      onBack={() => setActiveId(null)}
    />
  );

  if (!enhanced) {
    // The server's menu (and the menu without JavaScript). Hydration keeps the panel's HTML as it
    // is: right after, the enhanced menu below replaces it.
    return (
      <details className="mega-menu">
        <summary className="menu-button" style={{ color: buttonColour }}>
          <MenuIcon open={false} />
          <span className="menu-button__label">{menuLabel}</span>
        </summary>
        <ServerHtml content={menu} id={PANEL_ID} className="mega-menu__panel">
          {body}
        </ServerHtml>
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
        style={{ color: buttonColour }}
      >
        <MenuIcon open={open} />
        <span className="menu-button__label">{menuLabel}</span>
      </button>
      {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions -- delegates link activation (keyboard Enter fires click too) */}
      <div className="mega-menu__panel" id={PANEL_ID} hidden={!open} onClick={onPanelClick}>
        {rendered ? body : null}
      </div>
    </div>
  );
}

interface BodyProps extends MegaMenuProps {
  enhanced: boolean;
  drilled: boolean;
  onSelect: (entry: MenuEntry) => void;
  onBack: () => void;
}

function MenuBody({ menu, enquire, countrySwitchLabel, footer, activeId, enhanced, drilled, onSelect, onBack }: BodyProps) {
  const entry = (e: MenuEntry, model: boolean) => (
    <Entry key={e.id} entry={e} model={model} enhanced={enhanced} active={activeId === e.id} onSelect={onSelect} onBack={onBack} />
  );
  return (
    <div className="container mega-menu__body" data-drilled={drilled ? "" : undefined}>
      <div className="mega-menu__lists">
        {menu.primary.length > 0 ? (
          <nav aria-label="Main" className="mega-menu__primary">
            <ul className="mega-menu__list">{menu.primary.map((e) => entry(e, false))}</ul>
          </nav>
        ) : null}
        {menu.modelLines.length > 0 ? (
          <nav className="mega-menu__models" aria-labelledby={menu.modelLineHeading ? "mega-menu-models-heading" : undefined}>
            {menu.modelLineHeading ? (
              <h2 id="mega-menu-models-heading" className="mega-menu__heading">
                {menu.modelLineHeading}
              </h2>
            ) : null}
            <ul className="mega-menu__list mega-menu__list--models">{menu.modelLines.map((e) => entry(e, true))}</ul>
          </nav>
        ) : null}
        <div className="mega-menu__secondary">
          {menu.secondary.length > 0 ? (
            <ul className="mega-menu__secondary-links">
              {menu.secondary.map((link) => (
                <li key={link.id}>
                  <ResolvedAnchor resolved={link.link}>{link.label}</ResolvedAnchor>
                </li>
              ))}
            </ul>
          ) : null}
          {enquire ? (
            <ResolvedAnchor resolved={enquire.link} className="button button--sm button--primary mega-menu__enquire">
              {enquire.label}
            </ResolvedAnchor>
          ) : null}
          <ul className="mega-menu__legal">
            {footer?.cookies_label ? (
              <li>
                <SmartLink link={footer.cookies_link}>{footer.cookies_label}</SmartLink>
              </li>
            ) : null}
            {footer?.privacy_label ? (
              <li>
                <SmartLink link={footer.privacy_link}>{footer.privacy_label}</SmartLink>
              </li>
            ) : null}
            {countrySwitchLabel ? (
              <li>
                <CountrySwitch label={countrySwitchLabel} />
              </li>
            ) : null}
          </ul>
        </div>
      </div>
    </div>
  );
}

interface EntryProps {
  entry: MenuEntry;
  model: boolean;
  enhanced: boolean;
  active: boolean;
  onSelect: (entry: MenuEntry) => void;
  onBack: () => void;
}

function Entry({ entry, model, enhanced, active, onSelect, onBack }: EntryProps) {
  const thumb =
    model && entry.imageSmall ? (
      <ResponsiveImage asset={entry.imageSmall} width={160} height={90} sizes="160px" alt="" className="mega-menu__thumb" />
    ) : null;
  const label: ReactNode = (
    <>
      {thumb}
      <span className="mega-menu__trigger-label">{entry.title}</span>
    </>
  );
  if (!hasPanel(entry)) {
    return (
      <li className="mega-menu__entry">
        {entry.link ? (
          <ResolvedAnchor resolved={entry.link} className="mega-menu__trigger">
            {label}
          </ResolvedAnchor>
        ) : null}
      </li>
    );
  }
  if (!enhanced) {
    return (
      <li className="mega-menu__entry">
        <details name="mega-menu-entry" className="mega-menu__disclosure">
          <summary className="mega-menu__trigger">
            {label}
            <Chevron />
          </summary>
          <div className="mega-menu__detail">
            <EntryDetail entry={entry} />
          </div>
        </details>
      </li>
    );
  }
  return (
    <li className="mega-menu__entry" data-active={active ? "" : undefined}>
      <button
        id={triggerId(entry)}
        type="button"
        className="mega-menu__trigger"
        aria-expanded={active}
        aria-controls={detailId(entry)}
        onClick={() => onSelect(entry)}
      >
        {label}
        <Chevron />
      </button>
      <div id={detailId(entry)} className="mega-menu__detail" hidden={!active}>
        <button id={`${detailId(entry)}-back`} type="button" className="mega-menu__back" onClick={onBack}>
          <Chevron back />
          {BACK_LABEL}
        </button>
        <EntryDetail entry={entry} />
      </div>
    </li>
  );
}

function EntryDetail({ entry }: { entry: MenuEntry }) {
  return (
    <div className="mega-menu__detail-grid">
      <div className="mega-menu__detail-main">
        <h2 className="mega-menu__detail-title">
          {entry.link ? <ResolvedAnchor resolved={entry.link}>{entry.title}</ResolvedAnchor> : entry.title}
        </h2>
        {entry.tagLine ? <p className="mega-menu__tagline">{entry.tagLine}</p> : null}
        {entry.links.length > 0 ? (
          <ul className="mega-menu__links">
            {entry.links.map((link) => (
              <li key={link.id}>
                <ResolvedAnchor resolved={link.link}>{link.label}</ResolvedAnchor>
              </li>
            ))}
          </ul>
        ) : null}
        {entry.build ? (
          <ResolvedAnchor resolved={entry.build.link} className="button button--sm button--primary mega-menu__build">
            {entry.build.label}
          </ResolvedAnchor>
        ) : null}
      </div>
      {entry.imageLarge ? (
        <ResponsiveImage
          asset={entry.imageLarge}
          width={562}
          height={592}
          sizes="(min-width: 768px) 30vw, 100vw"
          className="mega-menu__image"
        />
      ) : null}
      {entry.tiles.length > 0 ? (
        <ul className="mega-menu__tiles">
          {entry.tiles.map((tile) => (
            <li key={tile.id} className="mega-menu__tile">
              {tile.image ? (
                <ResponsiveImage asset={tile.image} width={375} height={395} sizes="(min-width: 768px) 20vw, 50vw" className="mega-menu__tile-image" />
              ) : null}
              {tile.heading ? <h3 className="mega-menu__tile-heading">{tile.heading}</h3> : null}
              {tile.description ? <p className="mega-menu__tile-text">{tile.description}</p> : null}
              {tile.button ? (
                <ResolvedAnchor resolved={tile.button.link} className="button button--xs button--outline">
                  {tile.button.label}
                </ResolvedAnchor>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
