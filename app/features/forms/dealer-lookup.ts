import type { DealersForPostcode } from "~/features/dealers";
import { inputPostcode } from "~/features/dealers/postcode";
import { compareNames } from "~/lib/collate";

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

/**
 * The postcode the lookup uses: the field's 1 to 4 digits read with leading zeros ("800" is 0800,
 * as the stored lead has it); null for anything else.
 */
export function lookupPostcode(value: unknown): string | null {
  return typeof value === "string" ? inputPostcode(value) : null;
}

/**
 * The postcode to look dealers up for while the visitor is still typing: a complete 4-digit one
 * at once; a shorter one only once the field has been left (`left` is the value it was left with),
 * so typing "3121" does not list the dealers for 0003, 0031 and 0312 on the way.
 */
export function typedLookupPostcode(value: unknown, left: string | null): string | null {
  if (typeof value !== "string") return null;
  const trimmed = value.trim();
  return /^\d{4}$/.test(trimmed) || (left !== null && trimmed === left.trim()) ? lookupPostcode(trimmed) : null;
}

/** Options of the dealer select: a group per State/Region (label), or one list without a label. */
export interface DealerGroup {
  label: string | null;
  dealers: DealerOption[];
}

/**
 * The select's options: a placed postcode's nearby dealers as one list, in their order; when the
 * postcode could not be placed (every dealer of the country), the PMA dealer first, then the
 * others grouped by State/Region, so a long list reads by region.
 */
export function dealerGroups(lookup: DealerLookup): DealerGroup[] {
  if (lookup.geocoded) return [{ label: null, dealers: lookup.dealers }];
  const first = lookup.dealers.filter((d) => d.code === lookup.pmaDealerCode);
  const byRegion = new Map<string, DealerOption[]>();
  for (const dealer of lookup.dealers) {
    if (dealer.code === lookup.pmaDealerCode) continue;
    const list = byRegion.get(dealer.region) ?? [];
    list.push(dealer);
    byRegion.set(dealer.region, list);
  }
  const groups = [...byRegion.keys()].sort(compareNames).map((label) => ({ label, dealers: byRegion.get(label) ?? [] }));
  return first.length > 0 ? [{ label: null, dealers: first }, ...groups] : groups;
}
