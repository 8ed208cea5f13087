import type { DealersForPostcode } from "~/features/dealers";

/**
 * The dealer selector's data for a postcode, as the form needs it (and as
 * GET /api/dealers-for-postcode answers): the dealers in order (the PMA dealer first, then by
 * distance from the postcode, or by name when it could not be placed), and whether it was placed.
 */
export interface DealerOption {
  code: string;
  name: string;
  city: string;
  region: string;
}

export interface DealerLookup {
  postcode: string | null;
  /** False when the postcode could not be placed: the selector reads 'Select a nearby dealership'. */
  geocoded: boolean;
  pmaDealerCode: string | null;
  dealers: DealerOption[];
}

export function toDealerLookup(result: DealersForPostcode): DealerLookup {
  return {
    postcode: result.postcode,
    geocoded: result.geocoded,
    pmaDealerCode: result.pmaDealerCode,
    dealers: result.dealers.map((d) => ({ code: d.code, name: d.name, city: d.city, region: d.region })),
  };
}

/** A 4-digit postcode the lookup can use (the form's field accepts 4 digits). */
export function lookupPostcode(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const trimmed = value.trim();
  return /^\d{4}$/.test(trimmed) ? trimmed : null;
}
