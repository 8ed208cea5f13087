import { useEffect, useState } from "react";
import type { Country } from "~/content/schema";
import { DEALERS_API_PATH } from "./constants";
import type { FormField } from "./content";
import { typedLookupPostcode, type DealerLookup } from "./dealer-lookup";

/**
 * The dealer selector follows the postcode: the dealers for it, nearest (or PMA) first. Until a
 * postcode is typed, a dealer preset from the link (?dealer=) is listed with the dealers around
 * it. Starts from the dealers a no-JavaScript lookup or post found.
 */
export function useDealerLookup({
  hydrated,
  dealerField,
  country,
  postcode,
  presetDealer,
  initial,
}: {
  hydrated: boolean;
  /** The form's visible SelectDealership field; nothing is looked up without one. */
  dealerField: FormField | undefined;
  country: Country;
  /** The postcode field's current value. */
  postcode: unknown;
  /** The dealer field's initial value. */
  presetDealer: unknown;
  initial: DealerLookup | null;
}) {
  const [dealers, setDealers] = useState<DealerLookup | null>(initial);
  // The postcode as the visitor left the field: a short one ("800") is looked up only then.
  const [postcodeLeft, setPostcodeLeft] = useState<string | null>(null);
  const postcodeValue = typedLookupPostcode(postcode, postcodeLeft);
  const lookedUp = dealers?.postcode ?? null;
  const aroundDealer = !postcodeValue && !dealers && typeof presetDealer === "string" && presetDealer ? presetDealer : null;
  useEffect(() => {
    if (!hydrated || !dealerField) return;
    if (!aroundDealer && (!postcodeValue || postcodeValue === lookedUp)) return;
    const query = aroundDealer ? `dealer=${encodeURIComponent(aroundDealer)}` : `postcode=${postcodeValue}`;
    const controller = new AbortController();
    fetch(`${DEALERS_API_PATH}?country=${country}&${query}`, { signal: controller.signal, headers: { Accept: "application/json" } })
      .then((r) => (r.ok ? (r.json() as Promise<DealerLookup>) : null))
      // A failed lookup gives an empty list (spec section 8).
      .then((lookup) => setDealers(lookup ?? { postcode: postcodeValue, geocoded: true, pmaDealerCode: null, dealers: [] }))
      .catch(() => {});
    return () => controller.abort();
  }, [hydrated, dealerField, postcodeValue, lookedUp, aroundDealer, country]);
  return { dealers, setDealers, setPostcodeLeft };
}
