/**
 * Loads the Google Maps JavaScript API in the browser, only when the locator has a key (spec
 * site.md section 7). A failed load is retried 3 times with a growing delay (spec transactional.md
 * section 9); after that the locator keeps its static map. Nothing here runs without a key.
 */

export const MAPS_SCRIPT_URL = "https://maps.googleapis.com/maps/api/js";
/** Retries after the first attempt (spec: "map loader retries 3 times with growing delay"). */
export const MAPS_LOADER_RETRIES = 3;
export const MAPS_LOADER_BASE_DELAY_MS = 1000;

/** 1 s, 2 s, 4 s: the wait before retry number attempt + 1. */
export function growingDelay(attempt: number, baseMs: number = MAPS_LOADER_BASE_DELAY_MS): number {
  return baseMs * 2 ** attempt;
}

export interface RetryOptions {
  retries: number;
  delayMs: (attempt: number) => number;
  sleep?: (ms: number) => Promise<void>;
  onRetry?: (error: unknown, attempt: number) => void;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Runs task; on failure waits delayMs(attempt) and tries again, up to `retries` more times. */
export async function withRetry<T>(task: (attempt: number) => Promise<T>, options: RetryOptions): Promise<T> {
  const sleep = options.sleep ?? defaultSleep;
  for (let attempt = 0; ; attempt++) {
    try {
      return await task(attempt);
    } catch (error) {
      if (attempt >= options.retries) throw error;
      options.onRetry?.(error, attempt);
      await sleep(options.delayMs(attempt));
    }
  }
}

export interface MapsScriptOptions {
  apiKey: string;
  /** e.g. "en-AU" (spec: address search language). */
  language: string;
  /** e.g. "AU" or "NZ". */
  region: string;
  libraries?: readonly string[];
}

type MapsWindow = Window & {
  google?: { maps?: { importLibrary?: unknown } };
  [callback: string]: unknown;
};

const CALLBACK = "__kestrelMapsReady";

/** One attempt: a script tag with the API's bootstrap; resolves once google.maps.importLibrary exists. */
export function injectMapsScript(options: MapsScriptOptions, win: MapsWindow = window as unknown as MapsWindow): Promise<void> {
  if (win.google?.maps?.importLibrary) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const doc = win.document;
    const script = doc.createElement("script");
    const params = new URLSearchParams({
      key: options.apiKey,
      v: "weekly",
      loading: "async",
      language: options.language,
      region: options.region,
      libraries: (options.libraries ?? ["places", "marker"]).join(","),
      callback: CALLBACK,
    });
    script.src = `${MAPS_SCRIPT_URL}?${params.toString()}`;
    script.async = true;
    const nonce = doc.querySelector<HTMLScriptElement>("script[nonce]")?.nonce;
    if (nonce) script.nonce = nonce;
    win[CALLBACK] = () => {
      delete win[CALLBACK];
      resolve();
    };
    script.onerror = () => {
      script.remove();
      delete win[CALLBACK];
      reject(new Error("The Google Maps JavaScript API could not load."));
    };
    doc.head.append(script);
  });
}

let loading: Promise<void> | null = null;

/** The API, loaded once per page with up to 3 retries; a final failure lets a later call try again. */
export function loadGoogleMaps(options: MapsScriptOptions): Promise<void> {
  loading ??= withRetry(() => injectMapsScript(options), {
    retries: MAPS_LOADER_RETRIES,
    delayMs: (attempt) => growingDelay(attempt),
    onRetry: (error, attempt) =>
      console.warn(`[dealer locator] Google Maps failed to load (attempt ${attempt + 1}); retrying.`, error instanceof Error ? error.message : error),
  }).catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}
