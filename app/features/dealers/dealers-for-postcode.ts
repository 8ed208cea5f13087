import type { Country } from "~/content/schema";
import { NEARBY_RADIUS_KM, distanceKm } from "./distance";
import { NEAREST_FALLBACK_COUNT } from "./locator";
import { inputPostcode } from "./postcode";
import { geocodePostcode } from "./search";
import type { Dealer, GazetteerEntry, LatLng, PmaMap } from "./types";
import { compareNames } from "~/lib/collate";

/** Dealer selector texts (spec transactional.md sections 2 and 8), letter for letter. */
export const DEALER_SELECTOR_PROMPT = "Enter your postcode to select a nearby dealership";
export const DEALER_SELECTOR_NOT_GEOCODED = "Select a nearby dealership";

export interface DealerChoice extends Dealer {
  /** From the postcode's point; null when the postcode could not be geocoded. */
  distanceKm: number | null;
  /** True for the dealer the PMA file assigns to the postcode. */
  isPma: boolean;
}

export interface DealersForPostcode {
  /** The postcode read as 4 digits ("800" → "0800"), or null when none (or no valid one) was given. */
  postcode: string | null;
  /** False when the postcode could not be placed: the UI shows 'Select a nearby dealership'. */
  geocoded: boolean;
  point: LatLng | null;
  pmaDealerCode: string | null;
  /**
   * The PMA dealer first, then the dealers under 100 km nearest first (the NEAREST_FALLBACK_COUNT
   * nearest when fewer are, as the locator lists them); every dealer of the country by name when
   * the postcode could not be placed.
   */
  dealers: DealerChoice[];
}

export interface DealersForPostcodeData {
  dealers: readonly Dealer[];
  pma: PmaMap;
  gazetteer: readonly GazetteerEntry[];
}

function byName(a: Dealer, b: Dealer): number {
  return compareNames(a.name, b.name) || a.code.localeCompare(b.code);
}

/**
 * The enquiry form's dealer options for a postcode in a country. The PMA dealer (when the PMA
 * file maps the postcode to a dealer of this country) comes first; the others follow by distance
 * from the postcode (the centre of its gazetteer localities), only the nearby ones (spec: under
 * 100 km), or by name when it cannot be placed.
 */
export function dealersForPostcode(
  postcode: string | null | undefined,
  country: Country,
  data: DealersForPostcodeData,
): DealersForPostcode {
  const pc = inputPostcode(postcode);
  const inCountry = data.dealers.filter((d) => d.country === country);
  const pmaCode = pc ? data.pma.get(pc) : undefined;
  const pmaDealer = pmaCode === undefined ? undefined : inCountry.find((d) => d.code === pmaCode);
  const point = pc ? geocodePostcode(pc, country, { gazetteer: data.gazetteer, dealers: data.dealers }) : null;

  const choices: DealerChoice[] = inCountry.map((d) => ({
    ...d,
    distanceKm: point ? distanceKm(point, d) : null,
    isPma: d === pmaDealer,
  }));
  choices.sort((a, b) => {
    if (a.isPma !== b.isPma) return a.isPma ? -1 : 1;
    if (a.distanceKm !== null && b.distanceKm !== null && a.distanceKm !== b.distanceKm) {
      return a.distanceKm - b.distanceKm;
    }
    return byName(a, b);
  });
  return {
    postcode: pc,
    geocoded: point !== null,
    point,
    pmaDealerCode: pmaDealer?.code ?? null,
    dealers: point ? nearbyChoices(choices) : choices,
  };
}

/**
 * The PMA dealer and the dealers under 100 km (sorted); the NEAREST_FALLBACK_COUNT nearest where
 * fewer are that near, so a country town still has a choice.
 */
function nearbyChoices(sorted: readonly DealerChoice[]): DealerChoice[] {
  const others = sorted.filter((d) => !d.isPma);
  const near = others.filter((d) => d.distanceKm !== null && d.distanceKm < NEARBY_RADIUS_KM);
  const kept = near.length >= NEAREST_FALLBACK_COUNT ? near : others.slice(0, NEAREST_FALLBACK_COUNT);
  return [...sorted.filter((d) => d.isPma), ...kept];
}
