import { navigateTo, usePageLocation } from "~/islands/page-location";
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { useHydrated } from "~/islands/use-hydrated";
import type { Country } from "~/content/schema";
import { RESULTS_ANCHOR_ID, dealerAnchorId, roundCoordinate } from "../locator";
import type { PlaceSuggestion } from "../search";
import type { LatLng } from "../types";

/** Spec text (site.md section 2), letter for letter. */
export const USE_MY_LOCATION = "Use my location";
/** Typing pauses this long before suggestions are fetched (spec transactional.md section 9). */
export const SUGGEST_DEBOUNCE_MS = 300;
export const PLACES_API = "/api/places";

export interface PlaceSearchTexts {
  label: string;
  placeholder: string;
  button: string;
  /** Accessible name of the suggestions list. */
  suggestions: string;
}

/** One suggestion: an offline place or dealer (resolved by the server) or a maps-service place. */
export interface SearchSuggestion {
  label: string;
  /** Offline: the server resolves the label again; a dealer suggestion also selects the dealer. */
  place?: PlaceSuggestion;
  /** Maps service: the point of the place, or null when it has none (logged by the source). */
  resolve?: () => Promise<LatLng | null>;
}

export type SuggestionSource = (query: string, signal: AbortSignal) => Promise<SearchSuggestion[]>;

/** Suggestions from the offline gazetteer: GET /api/places?country=..&q=.. */
export function offlineSuggestions(country: Country): SuggestionSource {
  return async (query, signal) => {
    const params = new URLSearchParams({ country, q: query });
    const response = await fetch(`${PLACES_API}?${params.toString()}`, { signal, headers: { accept: "application/json" } });
    if (!response.ok) return [];
    const body = (await response.json()) as { suggestions?: PlaceSuggestion[] };
    return (body.suggestions ?? []).map((place) => ({ label: place.label, place }));
  };
}

function searchUrl(pathname: string, values: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) if (value) params.set(key, value);
  const query = params.toString();
  const anchor = values.dealer ? dealerAnchorId(values.dealer) : RESULTS_ANCHOR_ID;
  return `${query ? `${pathname}?${query}` : pathname}#${anchor}`;
}

const coordinate = roundCoordinate;

/**
 * The locator's search: a GET form (`?q=`) that works without JavaScript, enhanced into an
 * accessible combobox (WAI-ARIA APG, list autocomplete) with suggestions, and 'Use my location'
 * (browser geolocation; a failure is logged and the button returns to normal).
 */
export function PlaceSearch({
  texts,
  defaultValue,
  source,
}: {
  texts: PlaceSearchTexts;
  defaultValue: string;
  source: SuggestionSource;
}) {
  const hydrated = useHydrated();
  const { pathname } = usePageLocation();
  const inputId = useId();
  const listId = useId();
  const [value, setValue] = useState(defaultValue);
  const [items, setItems] = useState<SearchSuggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [locating, setLocating] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const request = useRef<AbortController | null>(null);

  // A new search (navigation) brings its own text; not on mount, where it would wipe what the
  // visitor typed before the island ran.
  const shownDefault = useRef(defaultValue);
  useEffect(() => {
    if (shownDefault.current === defaultValue) return;
    shownDefault.current = defaultValue;
    setValue(defaultValue);
  }, [defaultValue]);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
      request.current?.abort();
    },
    [],
  );

  const close = useCallback(() => {
    setOpen(false);
    setActive(-1);
  }, []);

  function suggest(query: string) {
    if (timer.current) clearTimeout(timer.current);
    request.current?.abort();
    if (query.trim().length < 2) {
      setItems([]);
      close();
      return;
    }
    timer.current = setTimeout(() => {
      const controller = new AbortController();
      request.current = controller;
      source(query.trim(), controller.signal).then(
        (found) => {
          if (controller.signal.aborted) return;
          setItems(found);
          setActive(-1);
          setOpen(found.length > 0);
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          console.warn("[dealer locator] Suggestions failed:", error instanceof Error ? error.message : error);
          setItems([]);
          close();
        },
      );
    }, SUGGEST_DEBOUNCE_MS);
  }

  async function pick(item: SearchSuggestion) {
    setValue(item.label);
    setItems([]);
    close();
    if (item.place) {
      navigateTo(searchUrl(pathname, { q: item.label, dealer: item.place.dealerCode }));
      return;
    }
    const point = item.resolve ? await item.resolve().catch(() => null) : null;
    if (!point) return;
    navigateTo(searchUrl(pathname, { q: item.label, lat: coordinate(point.lat), lng: coordinate(point.lng) }));
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const count = items.length;
    if (event.key === "ArrowDown" && count > 0) {
      event.preventDefault();
      setOpen(true);
      setActive((i) => (i + 1) % count);
    } else if (event.key === "ArrowUp" && count > 0) {
      event.preventDefault();
      setOpen(true);
      setActive((i) => (i <= 0 ? count - 1 : i - 1));
    } else if (event.key === "Enter" && open && active >= 0 && items[active]) {
      event.preventDefault();
      void pick(items[active]);
    } else if (event.key === "Escape" && open) {
      event.preventDefault();
      close();
    }
  }

  function locate() {
    if (!("geolocation" in navigator)) {
      console.warn("[dealer locator] Geolocation is not available in this browser.");
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        navigateTo(searchUrl(pathname, { lat: coordinate(position.coords.latitude), lng: coordinate(position.coords.longitude) }));
      },
      (error) => {
        // Spec site.md section 8: only logged; the button returns to normal.
        console.warn("[dealer locator] Geolocation failed:", error.message);
        setLocating(false);
      },
      { enableHighAccuracy: false, timeout: 10_000, maximumAge: 300_000 },
    );
  }

  const expanded = hydrated && open && items.length > 0;
  const optionId = (i: number) => `${listId}-option-${i}`;
  return (
    <form method="get" action={`${pathname}#${RESULTS_ANCHOR_ID}`} role="search" className="place-search">
      <label className="place-search__label" htmlFor={inputId}>
        {texts.label}
      </label>
      <div className="place-search__row">
        <div className="place-search__combo">
          <input
            id={inputId}
            className="place-search__input"
            type="search"
            name="q"
            value={value}
            placeholder={texts.placeholder || undefined}
            autoComplete="off"
            spellCheck={false}
            enterKeyHint="search"
            maxLength={100}
            onChange={(event) => {
              setValue(event.target.value);
              suggest(event.target.value);
            }}
            onKeyDown={onKeyDown}
            onBlur={() => close()}
            {...(hydrated
              ? {
                  role: "combobox",
                  "aria-autocomplete": "list" as const,
                  "aria-expanded": expanded,
                  "aria-controls": listId,
                  "aria-activedescendant": expanded && active >= 0 ? optionId(active) : undefined,
                }
              : {})}
          />
          {hydrated ? (
            <ul id={listId} className="place-search__list" role="listbox" aria-label={texts.suggestions} hidden={!expanded}>
              {items.map((item, i) => (
                // The input keeps focus (aria-activedescendant); the keyboard works there.
                // eslint-disable-next-line jsx-a11y/click-events-have-key-events
                <li
                  key={`${item.label}-${i}`}
                  id={optionId(i)}
                  role="option"
                  tabIndex={-1}
                  aria-selected={i === active}
                  className="place-search__option"
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => void pick(item)}
                >
                  {item.label}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        <button type="submit" className="button button--sm button--primary place-search__submit">
          {texts.button || texts.label}
        </button>
      </div>
      {hydrated ? (
        <button
          type="button"
          className="button button--sm button--outline place-search__locate"
          onClick={locate}
          disabled={locating}
          aria-busy={locating || undefined}
        >
          {USE_MY_LOCATION}
        </button>
      ) : null}
    </form>
  );
}
