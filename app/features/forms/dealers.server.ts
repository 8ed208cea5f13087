import type { Country } from "~/content/schema";
import { dealersForPostcode } from "~/features/dealers";
import { getDealerData } from "~/features/dealers/dealers.server";
import { lookupPostcode, toDealerLookup, type DealerLookup, type DealerOption } from "./dealer-lookup";

/** The dealer selector's options for a postcode in a country; null without a usable postcode. */
export async function lookupDealers(postcode: unknown, country: Country): Promise<DealerLookup | null> {
  const pc = lookupPostcode(postcode);
  if (!pc) return null;
  return toDealerLookup(dealersForPostcode(pc, country, await getDealerData()));
}

/**
 * The dealer selector's options around a dealer (a link such as /au/test-drive?dealer=<code>):
 * that dealer first, then the others by distance from its postcode; null for an unknown code.
 */
export async function lookupDealersAround(code: unknown, country: Country): Promise<DealerLookup | null> {
  if (typeof code !== "string" || !code.trim()) return null;
  const data = await getDealerData();
  const dealer = data.dealers.find((d) => d.country === country && d.code === code.trim());
  if (!dealer) return null;
  const lookup = toDealerLookup(dealersForPostcode(dealer.postcode, country, data));
  const rest = lookup.dealers.filter((d) => d.code !== dealer.code);
  const first: DealerOption = { code: dealer.code, name: dealer.name, city: dealer.city, region: dealer.region };
  return { postcode: null, geocoded: true, pmaDealerCode: dealer.code, dealers: [first, ...rest] };
}

/** The country's dealer codes, for validating a submitted dealer_code; null when none are loaded. */
export async function dealerCodesFor(country: Country): Promise<ReadonlySet<string> | null> {
  const data = await getDealerData();
  const codes = new Set(data.dealers.filter((d) => d.country === country).map((d) => d.code));
  return codes.size > 0 ? codes : null;
}
