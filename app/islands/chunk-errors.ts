/**
 * Build freshness (spec site.md section 1). Pages change by document navigation, so the next page
 * always comes from the current build. A page left open across a deploy can still fail to load a
 * chunk of its old build (an island's code, on first use): it then reloads once.
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

/** Reloads once when a chunk of this document's build fails to load (both entries install it). */
export function reloadOnChunkErrors(win: Window = window): void {
  win.addEventListener("vite:preloadError", (event: Event) => {
    event.preventDefault();
    reloadAfterChunkError(win);
  });
  win.addEventListener("unhandledrejection", (event: PromiseRejectionEvent) => {
    if (isChunkLoadError(event.reason)) reloadAfterChunkError(win);
  });
}
