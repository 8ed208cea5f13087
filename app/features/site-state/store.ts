import { proxy } from "valtio";
import type { Country } from "~/content/schema";
import { DEFAULT_AU_STATE, DEFAULT_IS_ABN, isAuState, parseIsABN, type AuState } from "~/lib/au-states";
import type { PageSettings } from "~/features/shell/globals";
import { COOKIE_NAMES, buyerCookies, parseCookies } from "./cookies";

/**
 * Shared site state (spec site.md section 3), a valtio proxy. One store per app instance (per
 * request on the server, one in the browser), created by <SiteProvider>: never a module
 * singleton, so concurrent server renders cannot see each other's visitor.
 *
 * Components read it with useSiteState() (a snapshot); actions below mutate it.
 */
export interface HeaderScrollState {
  /** Scrolled past 340 px: the header leaves the page and floats (fixed, solid). */
  floating: boolean;
  /** Scrolling up after 175 px: the floating header slides into view. */
  pinned: boolean;
  /** Scrolled 340 px or more: the sub-navigation shows. */
  subNavVisible: boolean;
  /** Scrolled more than 20 px: the sticky bottom bar shows. */
  stickyBarVisible: boolean;
}

export interface SiteState {
  country: Country;
  /** AU state for prices; default VIC; persisted in localStorage and the auState cookie. */
  auState: AuState;
  /** ABN (business) buyer; default true; persisted in localStorage and the isABN cookie. */
  isABN: boolean;
  isSiteHeaderSolid: boolean;
  isFinanceLogo: boolean;
  isLogoInverted: boolean;
  menuButtonColor: string;
  isMegaMenuOpen: boolean;
  /** From global/finance use_angle_api: finance quotes may be requested. */
  useAngleAPI: boolean;
  hideHeaderFooter: boolean;
  /** Cookie consent given (the consent cookie exists); null when unknown (no layout data). */
  consent: boolean | null;
  scroll: HeaderScrollState;
}

export type SiteStore = SiteState;

export interface SiteStoreInit {
  country: Country;
  auState?: AuState;
  isABN?: boolean;
  consent?: boolean | null;
  useAngleAPI?: boolean;
}

export const INITIAL_SCROLL: HeaderScrollState = {
  floating: false,
  pinned: false,
  subNavVisible: false,
  stickyBarVisible: false,
};

export function createSiteStore(init: SiteStoreInit): SiteStore {
  return proxy<SiteState>({
    country: init.country,
    auState: init.auState ?? DEFAULT_AU_STATE,
    isABN: init.isABN ?? DEFAULT_IS_ABN,
    isSiteHeaderSolid: false,
    isFinanceLogo: false,
    isLogoInverted: false,
    menuButtonColor: "black",
    isMegaMenuOpen: false,
    useAngleAPI: init.useAngleAPI ?? false,
    hideHeaderFooter: false,
    consent: init.consent ?? null,
    scroll: { ...INITIAL_SCROLL },
  });
}

/** Copies the page's shell settings (from its story) into the store. */
export function applyPageSettings(store: SiteStore, settings: PageSettings): void {
  store.isSiteHeaderSolid = settings.navbarSolid;
  store.isFinanceLogo = settings.financeLogo;
  store.isLogoInverted = settings.invertLogo;
  store.menuButtonColor = settings.menuButtonColor;
  store.hideHeaderFooter = settings.hideHeaderFooter;
}

// ---------------------------------------------------------------------------------------------
// Buyer choice: localStorage (the spec's keys) mirrored into cookies for the server.

export const STORAGE_KEYS = { auState: "auState", isABN: "isABN" } as const;

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

function writeCookies(choice: { auState?: AuState; isABN?: boolean }): void {
  if (typeof document === "undefined") return;
  const secure = window.location.protocol === "https:";
  for (const cookie of buyerCookies(choice, secure)) document.cookie = cookie;
}

function persist(choice: { auState?: AuState; isABN?: boolean }): void {
  const ls = storage();
  try {
    if (choice.auState !== undefined) ls?.setItem(STORAGE_KEYS.auState, choice.auState);
    if (choice.isABN !== undefined) ls?.setItem(STORAGE_KEYS.isABN, String(choice.isABN));
  } catch {
    // Storage full or blocked: the cookie still carries the choice.
  }
  writeCookies(choice);
}

/** Sets the AU state for prices and stores it (localStorage auState and the auState cookie). */
export function setAuState(store: SiteStore, auState: AuState): void {
  if (!isAuState(auState)) return;
  store.auState = auState;
  persist({ auState });
}

/** Sets the buyer type (ABN or private) and stores it (localStorage isABN and the isABN cookie). */
export function setIsABN(store: SiteStore, isABN: boolean): void {
  store.isABN = isABN;
  persist({ isABN });
}

export interface StoredBuyerChoice {
  auState?: AuState;
  isABN?: boolean;
}

/** What the browser has stored: cookie first (the server's truth, also set by forms), then localStorage. */
export function readStoredBuyerChoice(): { cookie: StoredBuyerChoice; local: StoredBuyerChoice } {
  const cookies = typeof document === "undefined" ? {} : parseCookies(document.cookie);
  const ls = storage();
  let localState: string | null = null;
  let localAbn: string | null = null;
  try {
    localState = ls?.getItem(STORAGE_KEYS.auState) ?? null;
    localAbn = ls?.getItem(STORAGE_KEYS.isABN) ?? null;
  } catch {
    // Blocked storage: only the cookies count.
  }
  const pick = (state: unknown, abn: unknown): StoredBuyerChoice => ({
    auState: isAuState(state) ? state : undefined,
    isABN: abn === "true" || abn === "false" ? parseIsABN(abn) : undefined,
  });
  return { cookie: pick(cookies[COOKIE_NAMES.auState], cookies[COOKIE_NAMES.isABN]), local: pick(localState, localAbn) };
}

/**
 * Reconciles the store with what the browser stored, once after hydration: a cookie wins (it is
 * what the server rendered with); a value only in localStorage (an older visit) is adopted and
 * mirrored into the cookie; the two stores are brought into step.
 */
export function syncStoredBuyerChoice(store: SiteStore): { hadStoredState: boolean } {
  const { cookie, local } = readStoredBuyerChoice();
  const auState = cookie.auState ?? local.auState;
  const isABN = cookie.isABN ?? local.isABN;
  if (auState !== undefined) store.auState = auState;
  if (isABN !== undefined) store.isABN = isABN;
  const toPersist: StoredBuyerChoice = {};
  if (auState !== undefined && (cookie.auState !== auState || local.auState !== auState)) toPersist.auState = auState;
  if (isABN !== undefined && (cookie.isABN !== isABN || local.isABN !== isABN)) toPersist.isABN = isABN;
  if (toPersist.auState !== undefined || toPersist.isABN !== undefined) persist(toPersist);
  return { hadStoredState: auState !== undefined };
}

// ---------------------------------------------------------------------------------------------
// Mega menu

export function setMegaMenuOpen(store: SiteStore, open: boolean): void {
  store.isMegaMenuOpen = open;
}

export function setConsent(store: SiteStore, consent: boolean): void {
  store.consent = consent;
}
