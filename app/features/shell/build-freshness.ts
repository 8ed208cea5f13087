import { useLocation, useNavigation, useRouteLoaderData } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { onDocumentClick } from "~/blocks/runtime/document-clicks";

/**
 * Build freshness (spec site.md section 1): the app notices a newer build and reloads on the next
 * navigation, and reloads once after a failed code-chunk load.
 */

/** At most one build check per this interval (checks run on load, navigation and tab focus). */
export const BUILD_CHECK_INTERVAL_MS = 60_000;
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

/**
 * The build that rendered this document: the root loader's `buildId` as hydration found it. The
 * root's data is loaded again on client navigations, and then names the server's current build,
 * so the first value the browser reads is kept for the document's life.
 */
let documentBuild: { id: string | null } | undefined;

export function documentBuildId(rootData: unknown): string | null {
  if (!documentBuild) {
    const id = (rootData as { buildId?: unknown } | undefined)?.buildId;
    documentBuild = { id: typeof id === "string" ? id : null };
  }
  return documentBuild.id;
}

/** Watches for a newer build and for chunk load failures (mounted once, in the layout). */
export function useBuildFreshness(): void {
  const stale = useRef(false);
  const lastCheck = useRef(0);
  /** The destination of the GET navigation under way, if any. */
  const pending = useRef<string | null>(null);
  const navigation = useNavigation();
  const location = useLocation();
  const rootData = useRouteLoaderData("root");
  const mine = typeof document === "undefined" ? null : documentBuildId(rootData);

  // Chunk failures: Vite's preload error, and unhandled rejections of dynamic imports.
  useEffect(() => {
    const onPreloadError = (event: Event) => {
      event.preventDefault();
      reloadAfterChunkError();
    };
    const onRejection = (event: PromiseRejectionEvent) => {
      if (isChunkLoadError(event.reason)) reloadAfterChunkError();
    };
    window.addEventListener("vite:preloadError", onPreloadError);
    window.addEventListener("unhandledrejection", onRejection);
    return () => {
      window.removeEventListener("vite:preloadError", onPreloadError);
      window.removeEventListener("unhandledrejection", onRejection);
    };
  }, []);

  // Asks the server for its build id, at most once a minute.
  useEffect(() => {
    const check = async () => {
      if (!mine || stale.current || Date.now() - lastCheck.current < BUILD_CHECK_INTERVAL_MS) return;
      lastCheck.current = Date.now();
      try {
        const response = await fetch("/api/build", { cache: "no-store", headers: { accept: "application/json" } });
        if (!response.ok) return;
        const { buildId } = (await response.json()) as { buildId?: unknown };
        if (typeof buildId === "string" && buildId !== mine) {
          stale.current = true;
          // Visible to tests and to anyone inspecting the page: this document's build is old.
          document.documentElement.dataset.buildStale = "";
          // A navigation that started while the check was under way loads as a new document too.
          if (pending.current) window.location.assign(pending.current);
        }
      } catch {
        // Offline or a deploy in progress: try again later.
      }
    };
    void check();
    const onVisible = () => {
      if (document.visibilityState === "visible") void check();
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => document.removeEventListener("visibilitychange", onVisible);
  }, [location.key, mine]);

  // A newer build exists: a click on a link to another page of this site, or a GET form's
  // submission, is left to the browser, which loads the destination as a new document. The click
  // is the first of the document's click handlers ("stale-build", blocks/runtime/document-clicks.ts),
  // before React's and the others, which would make it a client navigation; the submission is
  // caught on the window in the capture phase for the same reason. (The effect below cannot
  // always catch those: a quick navigation may finish within one transition, and React then never
  // renders its loading state.)
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (!stale.current) return;
      const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
      if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin) return;
      if ((link.target && link.target !== "_self") || link.hasAttribute("download")) return;
      if (link.hash && link.pathname === window.location.pathname && link.search === window.location.search) return;
      event.stopPropagation();
    };
    const onSubmit = (event: SubmitEvent) => {
      if (!stale.current || !(event.target instanceof HTMLFormElement)) return;
      const method = event.submitter?.getAttribute("formmethod") ?? event.target.getAttribute("method") ?? "get";
      if (method.toLowerCase() === "get") event.stopPropagation();
    };
    const removeClick = onDocumentClick("stale-build", onClick);
    window.addEventListener("submit", onSubmit, true);
    return () => {
      removeClick();
      window.removeEventListener("submit", onSubmit, true);
    };
  }, []);

  // Any other navigation (a script's) once a newer build is known, or one that was under way when
  // the check found it: the destination loads as a new document.
  useEffect(() => {
    const get = !navigation.formMethod || navigation.formMethod.toUpperCase() === "GET";
    const to = navigation.location;
    pending.current = navigation.state === "loading" && to && get ? `${to.pathname}${to.search}${to.hash}` : null;
    if (stale.current && pending.current) window.location.assign(pending.current);
  }, [navigation.state, navigation.location, navigation.formMethod]);
}
