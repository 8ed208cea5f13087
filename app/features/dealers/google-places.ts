/// <reference types="google.maps" />
import type { Country } from "~/content/schema";
import { ADDRESS_SEARCH_LANGUAGE, COUNTRY_BOUNDS } from "./bounds";
import { MAX_SUGGESTIONS } from "./search";
import type { LatLng } from "./types";

/**
 * Place autocomplete through the Google Maps JavaScript API (Places library), used only once the
 * API has loaded (with a key). Suggestions are restricted to the country's bounding box and its
 * region, in language en-AU (spec site.md sections 5 and 9).
 */

/** Logged when a picked place has no location (spec site.md section 8), letter for letter. */
export const NO_GEOMETRY_MESSAGE = "Returned place contains no geometry";

export interface GooglePlaceSuggestion {
  label: string;
  /** The place's point, or null (logged) when it has no geometry. */
  resolve: () => Promise<LatLng | null>;
}

let sessionToken: google.maps.places.AutocompleteSessionToken | null = null;

/** Up to MAX_SUGGESTIONS predictions for what the visitor typed. */
export async function googlePlaceSuggestions(input: string, country: Country): Promise<GooglePlaceSuggestion[]> {
  const places = (await google.maps.importLibrary("places")) as google.maps.PlacesLibrary;
  sessionToken ??= new places.AutocompleteSessionToken();
  const bounds = COUNTRY_BOUNDS[country];
  const { suggestions } = await places.AutocompleteSuggestion.fetchAutocompleteSuggestions({
    input,
    sessionToken,
    language: ADDRESS_SEARCH_LANGUAGE,
    region: country,
    includedRegionCodes: [country],
    locationRestriction: { north: bounds.north, south: bounds.south, east: bounds.east, west: bounds.west },
  });
  return suggestions
    .flatMap((s) => (s.placePrediction ? [s.placePrediction] : []))
    .slice(0, MAX_SUGGESTIONS)
    .map((prediction) => ({
      label: prediction.text.text,
      resolve: async () => {
        const place = prediction.toPlace();
        // fetchFields ends the autocomplete session: the next search starts a new one.
        sessionToken = null;
        await place.fetchFields({ fields: ["location"] });
        const location = place.location;
        if (!location) {
          console.warn(NO_GEOMETRY_MESSAGE);
          return null;
        }
        return { lat: location.lat(), lng: location.lng() };
      },
    }));
}
