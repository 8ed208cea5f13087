/**
 * Build freshness (spec site.md section 1). Pages change by document navigation, so the next page
 * always comes from the current build. A page left open across a deploy can still fail to load a
 * chunk of its old build (an island's code, on first use): it then reloads once. A chunk that fails
 * because the connection is gone reloads nothing: a reload would show the browser's error page,
 * where the island's server HTML still works.
 */

/** A reload after a chunk failure is not repeated within this window (spec: guard stored 10 s). */
export const CHUNK_RELOAD_GUARD_MS = 10_000;
export const CHUNK_RELOAD_STORAGE_KEY = "chunkReloadAt";

/** True for the errors browsers and Vite raise when a code chunk cannot be loaded. */
export function isChunkLoadError(reason: unknown): boolean {
  const message = reason instanceof Error ? `${reason.name} ${reason.message}` : typeof reason === "string" ? reason : "";
  return /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|ChunkLoadError|Loading chunk [\w-]+ failed/i.test(
    message,
  );
}

/** True when no chunk reload happened within the guard window (stored time, or null). */
export function mayReloadAfterChunkError(storedAt: string | null, now: number, guardMs = CHUNK_RELOAD_GUARD_MS): boolean {
  const at = storedAt === null ? NaN : Number(storedAt);
  return !Number.isFinite(at) || now - at >= guardMs || at > now;
}

/** Reloads the page once; a second failure within 10 s is left alone (no reload loop). */
export function reloadAfterChunkError(win: Window = window): boolean {
  let stored: string | null = null;
  try {
    stored = win.sessionStorage.getItem(CHUNK_RELOAD_STORAGE_KEY);
  } catch {
    // No storage: reload anyway; the guard cannot be kept.
  }
  const now = Date.now();
  if (!mayReloadAfterChunkError(stored, now)) return false;
  try {
    win.sessionStorage.setItem(CHUNK_RELOAD_STORAGE_KEY, String(now));
  } catch {
    // Ignored: see above.
  }
  win.location.reload();
  return true;
}

/** True when the site answers for this page now (a chunk gone after a deploy), false when it does not (offline). */
export async function siteReachable(win: Window = window): Promise<boolean> {
  try {
    const response = await win.fetch(win.location.href, { method: "HEAD", cache: "no-store", credentials: "same-origin" });
    return response.ok;
  } catch {
    return false;
  }
}

export interface ChunkErrorOptions {
  /**
   * Let an import whose chunk failed reject (the islands' runtime then marks that island failed, and
   * its server HTML works on as without JavaScript) instead of resolving empty.
   */
  rejectImports?: boolean;
  /** Whether a reload would bring a page: without the network it would bring the browser's error page. */
  reachable?: () => Promise<boolean>;
}

/**
 * Reloads once when a chunk of this document's build fails to load while the site answers (a
 * deploy removed it); with the connection gone the page stays as it is (both entries install it).
 */
export function reloadOnChunkErrors(win: Window = window, options: ChunkErrorOptions = {}): void {
  const reachable = options.reachable ?? (() => siteReachable(win));
  const reloadIfReachable = () => {
    void reachable().then((ok) => {
      if (ok) reloadAfterChunkError(win);
    });
  };
  win.addEventListener("vite:preloadError", (event: Event) => {
    if (!options.rejectImports) event.preventDefault();
    reloadIfReachable();
  });
  win.addEventListener("unhandledrejection", (event: PromiseRejectionEvent) => {
    if (isChunkLoadError(event.reason)) reloadIfReachable();
  });
}
