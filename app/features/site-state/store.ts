import { proxy } from "valtio/vanilla";
import type { Country } from "~/content/schema";
import { DEFAULT_AU_STATE, DEFAULT_IS_ABN, isAuState, type AuState } from "~/lib/au-states";
import type { PageSettings } from "~/features/shell/globals";
import { persistBuyerChoice, reconcileStoredBuyerChoice, type StoredBuyerChoice } from "./buyer-choice";

/**
 * Shared site state (spec site.md section 3), a valtio proxy (`valtio/vanilla`: no React, so the
 * islands' plain entry holds the page's store). One store per app instance (per request on the
 * server, one per page in the browser): never a module singleton on the server, so concurrent
 * server renders cannot see each other's visitor.
 *
 * Components read it with useSiteState() (valtio's `useSnapshot`); actions below mutate it.
 */
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
}

export type SiteStore = SiteState;

export interface SiteStoreInit {
  country: Country;
  auState?: AuState;
  isABN?: boolean;
  consent?: boolean | null;
  useAngleAPI?: boolean;
}

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

/** A store as the server renders a page with: its site values and its shell settings. */
export function createPageStore(site: SiteStoreInit, settings: PageSettings): SiteStore {
  const store = createSiteStore(site);
  applyPageSettings(store, settings);
  return store;
}

let browserPageStore: SiteStore | null = null;

/**
 * The page's one store in the browser, shared by the plain site runtime and every island (a
 * buyer's state chosen in one shows in all). Made on first use from the page's values.
 */
export function sharedPageStore(site: SiteStoreInit, settings: PageSettings): SiteStore {
  return (browserPageStore ??= createPageStore(site, settings));
}

// ---------------------------------------------------------------------------------------------
// Buyer choice: localStorage and cookies (buyer-choice.ts).

export { STORAGE_KEYS, readStoredBuyerChoice, type StoredBuyerChoice } from "./buyer-choice";

/** Sets the AU state for prices and stores it (localStorage auState and the auState cookie). */
export function setAuState(store: SiteStore, auState: AuState): void {
  if (!isAuState(auState)) return;
  store.auState = auState;
  persistBuyerChoice({ auState });
}

/** Sets the buyer type (ABN or private) and stores it (localStorage isABN and the isABN cookie). */
export function setIsABN(store: SiteStore, isABN: boolean): void {
  store.isABN = isABN;
  persistBuyerChoice({ isABN });
}

/** Applies a choice to the store (the fields it has). */
export function applyBuyerChoice(store: SiteStore, choice: StoredBuyerChoice): void {
  if (choice.auState !== undefined) store.auState = choice.auState;
  if (choice.isABN !== undefined) store.isABN = choice.isABN;
}

/**
 * Reconciles the store with what the browser stored (buyer-choice.ts): a cookie wins (it is what
 * the server rendered with); a value only in localStorage (an older visit) is adopted and mirrored
 * into the cookie.
 */
export function syncStoredBuyerChoice(store: SiteStore): { hadStoredState: boolean } {
  const { choice, hadStoredState } = reconcileStoredBuyerChoice();
  applyBuyerChoice(store, choice);
  return { hadStoredState };
}

// ---------------------------------------------------------------------------------------------
// Mega menu

export function setMegaMenuOpen(store: SiteStore, open: boolean): void {
  store.isMegaMenuOpen = open;
}

export function setConsent(store: SiteStore, consent: boolean): void {
  store.consent = consent;
}
