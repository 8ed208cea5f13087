import type { Dealer } from "~/features/dealers/types";
import { openingHoursSpecification } from "~/features/dealers/hours";
import { SCHEMA_CONTEXT, compact, type JsonLdNode } from "../seo/json-ld";

/*
 * The AutoDealer builder, apart from json-ld.ts: the dealer locator builds it in the browser, and
 * every page's shell needs only json-ld.ts's serializer (not the dealers' hours parser).
 */

/** A dealer record (app/features/dealers `Dealer`); the fields the AutoDealer reads. */
export type DealerInput = Pick<Dealer, "code" | "name" | "address" | "city" | "region" | "postcode" | "country" | "phone" | "email" | "lat" | "lng" | "hours">;

/**
 * A dealer as an AutoDealer with its address, position and opening hours (hours read by the
 * dealers feature's parser; days it cannot read or that are closed are left out).
 */
export function autoDealerJsonLd(dealer: DealerInput, opts: { url?: string } = {}): JsonLdNode {
  const geo = Number.isFinite(dealer.lat) && Number.isFinite(dealer.lng) ? { "@type": "GeoCoordinates", latitude: dealer.lat, longitude: dealer.lng } : undefined;
  return compact({
    "@context": SCHEMA_CONTEXT,
    "@type": "AutoDealer",
    "@id": opts.url && dealer.code ? `${opts.url}#dealer-${dealer.code}` : undefined,
    identifier: dealer.code,
    name: dealer.name,
    url: opts.url,
    telephone: dealer.phone,
    email: dealer.email,
    address: {
      "@type": "PostalAddress",
      streetAddress: dealer.address,
      addressLocality: dealer.city,
      addressRegion: dealer.region,
      postalCode: dealer.postcode,
      addressCountry: dealer.country ? dealer.country.toUpperCase() : undefined,
    },
    geo,
    openingHoursSpecification: openingHoursSpecification(dealer.hours ?? []),
  });
}
