import type { Country } from "~/content/schema";
import { isAuState, parseIsABN, type AuState } from "~/lib/au-states";
import { claimDetectionForSession, detectAuState } from "./au-state-detection";
import { COOKIE_NAMES, buyerCookies, parseCookies } from "./cookies";

/**
 * The buyer's pricing choice in the browser (spec site.md sections 3 and 4): localStorage (the
 * spec's keys) mirrored into cookies for the server. Plain DOM code, apart from the site state's
 * store (store.ts): the page's start reconciles the two and looks the AU state up on a
 * first visit before any island has loaded React.
 */

export const STORAGE_KEYS = { auState: "auState", isABN: "isABN" } as const;

export interface StoredBuyerChoice {
  auState?: AuState;
  isABN?: boolean;
}

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

function writeCookies(choice: StoredBuyerChoice): void {
  if (typeof document === "undefined") return;
  const secure = window.location.protocol === "https:";
  for (const cookie of buyerCookies(choice, secure)) document.cookie = cookie;
}

/** Stores a choice: localStorage and the cookies. */
export function persistBuyerChoice(choice: StoredBuyerChoice): void {
  const ls = storage();
  try {
    if (choice.auState !== undefined) ls?.setItem(STORAGE_KEYS.auState, choice.auState);
    if (choice.isABN !== undefined) ls?.setItem(STORAGE_KEYS.isABN, String(choice.isABN));
  } catch {
    // Storage full or blocked: the cookie still carries the choice.
  }
  writeCookies(choice);
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
 * Brings the two stores into step and returns the choice: a cookie wins (it is what the server
 * rendered with); a value only in localStorage (an older visit) is adopted and mirrored into the
 * cookie.
 */
export function reconcileStoredBuyerChoice(): { choice: StoredBuyerChoice; hadStoredState: boolean } {
  const { cookie, local } = readStoredBuyerChoice();
  const auState = cookie.auState ?? local.auState;
  const isABN = cookie.isABN ?? local.isABN;
  const toPersist: StoredBuyerChoice = {};
  if (auState !== undefined && (cookie.auState !== auState || local.auState !== auState)) toPersist.auState = auState;
  if (isABN !== undefined && (cookie.isABN !== isABN || local.isABN !== isABN)) toPersist.isABN = isABN;
  if (toPersist.auState !== undefined || toPersist.isABN !== undefined) persistBuyerChoice(toPersist);
  return { choice: { auState, isABN }, hadStoredState: auState !== undefined };
}

const listeners = new Set<(choice: StoredBuyerChoice) => void>();

/** Calls `listener` with a choice the page's start found after the page was rendered; returns its removal. */
export function onBuyerChoice(listener: (choice: StoredBuyerChoice) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The page's start: reconciles the stored choice and, on a first visit in AU with nothing stored,
 * looks the visitor's state up (once per session; failures are logged only). `changed` hears of a
 * choice that differs from the one the page was rendered with (`rendered`), and so does every
 * `onBuyerChoice` listener.
 */
export function startBuyerChoice(
  { country, rendered }: { country: Country; rendered: StoredBuyerChoice },
  changed: (choice: StoredBuyerChoice) => void = () => {},
): void {
  const tell = (choice: StoredBuyerChoice) => {
    changed(choice);
    for (const listener of listeners) listener(choice);
  };
  const { choice, hadStoredState } = reconcileStoredBuyerChoice();
  const differs: StoredBuyerChoice = {};
  if (choice.auState !== undefined && choice.auState !== rendered.auState) differs.auState = choice.auState;
  if (choice.isABN !== undefined && choice.isABN !== rendered.isABN) differs.isABN = choice.isABN;
  if (differs.auState !== undefined || differs.isABN !== undefined) tell(differs);
  if (country !== "au" || hadStoredState || !claimDetectionForSession()) return;
  detectAuState()
    .then((auState) => {
      if (!auState) return;
      persistBuyerChoice({ auState });
      if (auState !== rendered.auState) tell({ auState });
    })
    .catch((error: unknown) => {
      console.warn("[site-state] Could not look up the visitor's state:", error instanceof Error ? error.message : error);
    });
}
