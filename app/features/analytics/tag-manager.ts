/**
 * Google Tag Manager, loaded only once the visitor has accepted cookies. With a container id the
 * page first sets Google's consent mode to denied for every purpose; on a page whose visitor has
 * consented (or on Accept) it updates consent to granted and loads the container, which then reads
 * the whole data layer, the events pushed before it came included. A page without consent
 * (never given, or withdrawn by removing the cookie) stays denied and loads nothing. Without an
 * id nothing is pushed or loaded.
 */

export const TAG_MANAGER_ORIGIN = "https://www.googletagmanager.com";

/** Consent mode v2's purposes: storage for ads and analytics, user data and personalisation for ads. */
export const CONSENT_PURPOSES = ["ad_storage", "ad_user_data", "ad_personalization", "analytics_storage"] as const;
export type ConsentState = Record<(typeof CONSENT_PURPOSES)[number], "granted" | "denied">;

export function consentState(granted: boolean): ConsentState {
  return Object.fromEntries(CONSENT_PURPOSES.map((purpose) => [purpose, granted ? "granted" : "denied"])) as ConsentState;
}

/** The container's URL (the default data layer, `dataLayer`, needs no parameter). */
export function containerUrl(id: string): string {
  return `${TAG_MANAGER_ORIGIN}/gtm.js?id=${encodeURIComponent(id)}`;
}

/**
 * Google's gtag() on a data layer: Tag Manager reads consent commands only as an `arguments`
 * object pushed to the layer, not as an array.
 */
function gtagOn(layer: unknown[]): (...command: unknown[]) => void {
  return function gtag() {
    // eslint-disable-next-line prefer-rest-params
    layer.push(arguments);
  };
}

export interface TagManager {
  /** The visitor accepted cookies: consent granted, the container loaded (once). */
  accepted(): void;
}

export interface TagManagerOptions {
  /** GTM_ID; undefined: no tag manager. */
  id: string | undefined;
  /** The page's visitor has consented (the consent cookie was sent with the page). */
  consented: boolean;
  win?: Window;
}

export function startTagManager({ id, consented, win = window }: TagManagerOptions): TagManager {
  if (!id) return { accepted() {} };
  const layer = ((win as { dataLayer?: unknown[] }).dataLayer ??= []);
  const gtag = gtagOn(layer);
  gtag("consent", "default", consentState(false));
  let loaded = false;
  const grantAndLoad = () => {
    if (loaded) return;
    loaded = true;
    gtag("consent", "update", consentState(true));
    layer.push({ "gtm.start": Date.now(), event: "gtm.js" });
    const script = win.document.createElement("script");
    script.async = true;
    script.src = containerUrl(id);
    win.document.head.append(script);
  };
  if (consented) grantAndLoad();
  return { accepted: grantAndLoad };
}
