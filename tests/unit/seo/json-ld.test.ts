import { describe, expect, it } from "vitest";
import type { Dealer } from "~/features/dealers/types";
import {
  aggregateOfferJsonLd,
  breadcrumbListJsonLd,
  carJsonLd,
  newsArticleJsonLd,
  offerCatalogJsonLd,
  organizationJsonLd,
  serializeJsonLd,
} from "~/features/seo/json-ld";
import { autoDealerJsonLd } from "~/features/dealers/dealer-json-ld";

const SITE = "https://www.kestrel.example";
const org = { id: `${SITE}/au#organization`, name: "Kestrel Motors", url: `${SITE}/au`, logo: `${SITE}/media/brand-logo.svg` };

describe("serializeJsonLd", () => {
  it("escapes <, >, & and U+2028/2029 so the JSON cannot end the script element", () => {
    const hostile = { "@type": "Thing", name: "</script><script>alert(1)</script> & <!-- \u2028\u2029" };
    const out = serializeJsonLd(hostile);
    expect(out).not.toMatch(/[<>&\u2028\u2029]/);
    expect(out).toContain("\\u003c/script\\u003e");
    expect(out).toContain("\\u0026");
    expect(out).toContain("\\u2028");
    expect(JSON.parse(out)).toEqual(hostile);
  });
});

describe("organizationJsonLd", () => {
  it("has the customer-service phone, area served and social profiles of the country", () => {
    const node = organizationJsonLd({
      siteUrl: SITE,
      country: "nz",
      name: "Kestrel Motors",
      alternateName: "Kestrel",
      logo: `${SITE}/media/brand-logo.svg`,
      telephone: "0800 537 873",
      sameAs: ["https://www.facebook.com/kestrelmotors.nz", "https://www.facebook.com/kestrelmotors.nz", "https://www.youtube.com/@kestrel"],
    });
    expect(node).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Organization",
      "@id": `${SITE}/nz#organization`,
      url: `${SITE}/nz`,
      areaServed: { "@type": "Country", name: "New Zealand" },
      contactPoint: [{ "@type": "ContactPoint", telephone: "0800 537 873", contactType: "customer service", areaServed: "NZ" }],
      sameAs: ["https://www.facebook.com/kestrelmotors.nz", "https://www.youtube.com/@kestrel"],
    });
  });
  it("leaves out what the content does not have", () => {
    const node = organizationJsonLd({ siteUrl: SITE, country: "au", name: "Kestrel", alternateName: "Kestrel", sameAs: [] });
    expect(node).not.toHaveProperty("contactPoint");
    expect(node).not.toHaveProperty("sameAs");
    expect(node).not.toHaveProperty("alternateName");
    expect(node).not.toHaveProperty("logo");
  });
});

describe("newsArticleJsonLd", () => {
  it("dates from first_published_at and published_at; author and publisher are the organisation", () => {
    const node = newsArticleJsonLd({
      url: `${SITE}/au/news/x`,
      headline: "Seven-year warranty",
      images: [`${SITE}/media/a.jpg`],
      datePublished: "2025-03-05T01:00:00.000Z",
      dateModified: "2025-04-01T01:00:00.000Z",
      organization: org,
    });
    expect(node).toMatchObject({
      "@type": "NewsArticle",
      headline: "Seven-year warranty",
      datePublished: "2025-03-05T01:00:00.000Z",
      dateModified: "2025-04-01T01:00:00.000Z",
      author: { "@type": "Organization", name: "Kestrel Motors" },
      publisher: { "@type": "Organization", name: "Kestrel Motors", logo: { "@type": "ImageObject", url: org.logo } },
      image: [`${SITE}/media/a.jpg`],
    });
  });
  it("an unpublished article has no dates", () => {
    const node = newsArticleJsonLd({ url: `${SITE}/au/news/x`, headline: "Draft", datePublished: null, dateModified: null, organization: org });
    expect(node).not.toHaveProperty("datePublished");
    expect(node).not.toHaveProperty("dateModified");
  });
});

describe("aggregateOfferJsonLd and carJsonLd", () => {
  it("low, high and count over the valid prices", () => {
    expect(aggregateOfferJsonLd({ prices: [52990, 45990, 0, Number.NaN, 61990], currency: "AUD" })).toEqual({
      "@type": "AggregateOffer",
      priceCurrency: "AUD",
      lowPrice: 45990,
      highPrice: 61990,
      offerCount: 3,
      availability: "https://schema.org/InStock",
    });
  });
  it("no valid price gives no offer", () => {
    expect(aggregateOfferJsonLd({ prices: [], currency: "NZD" })).toBeNull();
  });
  it("a Car keeps single values scalar and several as a list", () => {
    const node = carJsonLd({
      url: `${SITE}/au/models/suv/tarrak`,
      name: "Kestrel Tarrak",
      brand: "Kestrel",
      model: "Tarrak",
      vehicleConfiguration: ["GX", "GXL", "GX"],
      fuelType: ["Petrol"],
      seatingCapacity: 7,
      offers: aggregateOfferJsonLd({ prices: [1, 2], currency: "AUD" }),
    });
    expect(node).toMatchObject({
      "@type": "Car",
      brand: { "@type": "Brand", name: "Kestrel" },
      vehicleConfiguration: ["GX", "GXL"],
      fuelType: "Petrol",
      seatingCapacity: 7,
      offers: { "@type": "AggregateOffer", lowPrice: 1, highPrice: 2, offerCount: 2 },
    });
    expect(node).not.toHaveProperty("driveWheelConfiguration");
  });
});

describe("offerCatalogJsonLd", () => {
  it("one Offer per model with currency and priceValidUntil", () => {
    const node = offerCatalogJsonLd({
      name: "Current offers",
      url: `${SITE}/nz/offers`,
      brand: "Kestrel",
      currency: "NZD",
      priceValidUntil: "2026-12-31",
      offers: [{ name: "Kestrel Kordan SR5 Run-out", price: 58990, model: "Kordan", vehicleConfiguration: "SR5 Run-out" }],
    });
    expect(node).toMatchObject({
      "@type": "OfferCatalog",
      numberOfItems: 1,
      itemListElement: [
        {
          "@type": "Offer",
          price: 58990,
          priceCurrency: "NZD",
          priceValidUntil: "2026-12-31",
          itemOffered: { "@type": "Car", model: "Kordan", brand: { "@type": "Brand", name: "Kestrel" } },
        },
      ],
    });
  });
});

describe("breadcrumbListJsonLd", () => {
  it("numbers the trail from 1", () => {
    expect(
      breadcrumbListJsonLd([
        { name: "Home", url: `${SITE}/au` },
        { name: "News", url: `${SITE}/au/news` },
        { name: "Article", url: `${SITE}/au/news/x` },
      ]),
    ).toEqual({
      "@context": "https://schema.org",
      "@type": "BreadcrumbList",
      itemListElement: [
        { "@type": "ListItem", position: 1, name: "Home", item: `${SITE}/au` },
        { "@type": "ListItem", position: 2, name: "News", item: `${SITE}/au/news` },
        { "@type": "ListItem", position: 3, name: "Article", item: `${SITE}/au/news/x` },
      ],
    });
  });
  it("a single item is no trail", () => {
    expect(breadcrumbListJsonLd([{ name: "Home", url: `${SITE}/au` }])).toBeNull();
  });
});

describe("autoDealerJsonLd", () => {
  const dealer: Dealer = {
    code: "D001",
    name: "Kestrel Richmond",
    address: "1 Swan St",
    city: "Richmond",
    region: "VIC",
    postcode: "3121",
    country: "au",
    phone: "03 9000 0000",
    email: "sales@richmond.example",
    lat: -37.82,
    lng: 144.99,
    finance: true,
    hours: [
      { day: "Monday", text: "8:30am - 5:30pm" },
      { day: "Tuesday", text: "8:30am - 5:30pm" },
      { day: "Wednesday", text: "8:30am - 5:30pm" },
      { day: "Thursday", text: "8:30am - 5:30pm" },
      { day: "Friday", text: "8:30am - 5:30pm" },
      { day: "Saturday", text: "9am - 4pm" },
      { day: "Sunday", text: "Closed" },
    ],
  };
  it("has the address, position and opening hours grouped by time", () => {
    const node = autoDealerJsonLd(dealer);
    expect(node).toMatchObject({
      "@type": "AutoDealer",
      name: "Kestrel Richmond",
      telephone: "03 9000 0000",
      address: { "@type": "PostalAddress", postalCode: "3121", addressRegion: "VIC", addressCountry: "AU" },
      geo: { "@type": "GeoCoordinates", latitude: -37.82, longitude: 144.99 },
    });
    const hours = node.openingHoursSpecification as { dayOfWeek: string[]; opens: string; closes: string }[];
    expect(hours).toHaveLength(2);
    expect(hours[0]).toMatchObject({ opens: "08:30", closes: "17:30" });
    expect(hours[0].dayOfWeek).toHaveLength(5);
    expect(hours[1]).toMatchObject({ dayOfWeek: ["Saturday"], opens: "09:00", closes: "16:00" });
  });
});
