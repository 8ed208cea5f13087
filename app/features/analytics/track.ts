/**
 * Analytics: one typed `track(event, data)` that pushes `{ event, ...data }` to
 * `window.dataLayer` (the tag manager reads it; spec site.md section 7). Every event and the
 * shape of its data is declared in AnalyticsEvents; a later feature adds its events there (or by
 * declaration merging: `declare module "~/features/analytics/track" { interface AnalyticsEvents { … } }`).
 */

type Value = string | number | boolean | null | undefined;

export interface AnalyticsEvents {
  /** A page was shown: the first document and every client-side navigation. */
  page_view: { page_path: string; page_location: string; page_title: string; country: string };
  /** The header logo was clicked. */
  logo_click: { country: string; link_url: string };
  /** The visitor switched country. */
  country_switch: { from_country: string; to_country: string };
  /** The visitor accepted cookies. */
  cookie_consent: { consent: "accepted" };
  /** Offers listing sort changed (spec: offer_sort). */
  offer_sort: { sort: string; country?: string };
  /** Dealer locator search (spec: find_a_dealer_search). */
  find_a_dealer_search: { search_term?: string; result_count?: number; country?: string };
}

export type AnalyticsEventName = keyof AnalyticsEvents;

export interface DataLayerEntry {
  event: string;
  [key: string]: Value;
}

declare global {
  interface Window {
    dataLayer?: DataLayerEntry[];
  }
}

export function track<E extends AnalyticsEventName>(event: E, data: AnalyticsEvents[E]): void {
  if (typeof window === "undefined") return;
  window.dataLayer = window.dataLayer ?? [];
  window.dataLayer.push({ event, ...(data as Record<string, Value>) });
}
