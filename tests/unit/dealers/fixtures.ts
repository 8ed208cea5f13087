import type { Dealer, GazetteerEntry, LatLng } from "~/features/dealers";
import { WEEKDAYS } from "~/features/dealers";

export const MELBOURNE: LatLng = { lat: -37.8136, lng: 144.9631 };
export const SYDNEY: LatLng = { lat: -33.8688, lng: 151.2093 };
export const AUCKLAND: LatLng = { lat: -36.8485, lng: 174.7633 };
export const WELLINGTON: LatLng = { lat: -41.2865, lng: 174.7762 };

export const DEALER_COLUMNS = [
  "Dealer code",
  "Dealer Name",
  "Address",
  "City",
  "State/Region",
  "Post Code",
  "Country",
  "Telephone",
  "Email",
  "Latitude",
  "Longitude",
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
  "Sunday",
  "Finance",
] as const;
export type DealerColumn = (typeof DEALER_COLUMNS)[number];

export const DEALER_HEADER = DEALER_COLUMNS.join(",");

const BASE_ROW: Record<DealerColumn, string> = {
  "Dealer code": "K100",
  "Dealer Name": "Kestrel Richmond",
  Address: "1 Swan Street",
  City: "Richmond",
  "State/Region": "VIC",
  "Post Code": "3121",
  Country: "AU",
  Telephone: "03 9000 0000",
  Email: "sales@richmond.example",
  Latitude: "-37.8230",
  Longitude: "144.9980",
  Monday: "8:30am - 5:30pm",
  Tuesday: "8:30am - 5:30pm",
  Wednesday: "8:30am - 5:30pm",
  Thursday: "8:30am - 5:30pm",
  Friday: "8:30am - 5:30pm",
  Saturday: "9am - 4pm",
  Sunday: "Closed",
  Finance: "Y",
};

function quote(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** One dealer CSV line (no line break), the base row with the given cells replaced. */
export function dealerRow(cells: Partial<Record<DealerColumn, string>> = {}): string {
  const row = { ...BASE_ROW, ...cells };
  return DEALER_COLUMNS.map((c) => quote(row[c])).join(",");
}

export function dealerCsv(rows: string[], lineBreak = "\n"): string {
  return [DEALER_HEADER, ...rows].join(lineBreak) + lineBreak;
}

export function makeDealer(overrides: Partial<Dealer> & Pick<Dealer, "code" | "lat" | "lng">): Dealer {
  return {
    name: `Kestrel ${overrides.code}`,
    address: "",
    city: "",
    region: "",
    postcode: "",
    country: "au",
    phone: "",
    email: "",
    hours: WEEKDAYS.map((day) => ({ day, text: "" })),
    finance: false,
    ...overrides,
  };
}

export function place(
  locality: string,
  postcode: string,
  region: string,
  point: LatLng,
  country: GazetteerEntry["country"] = "au",
): GazetteerEntry {
  return { locality, postcode, region, country, ...point };
}

/** A small gazetteer: a few AU and NZ localities (real coordinates, rounded). */
export const GAZETTEER: GazetteerEntry[] = [
  place("Melbourne", "3000", "VIC", MELBOURNE),
  place("Richmond", "3121", "VIC", { lat: -37.8182, lng: 145.0018 }),
  place("Burnley", "3121", "VIC", { lat: -37.8274, lng: 145.0079 }),
  place("Cremorne", "3121", "VIC", { lat: -37.8302, lng: 144.9934 }),
  place("Richmond", "2753", "NSW", { lat: -33.5983, lng: 150.7517 }),
  place("Sydney", "2000", "NSW", SYDNEY),
  place("North Sydney", "2060", "NSW", { lat: -33.8393, lng: 151.2069 }),
  place("Geelong", "3220", "VIC", { lat: -38.1499, lng: 144.3617 }),
  place("Darwin", "0800", "NT", { lat: -12.4634, lng: 130.8456 }),
  place("Auckland Central", "1010", "Auckland", AUCKLAND, "nz"),
  place("Whangārei", "0110", "Northland", { lat: -35.7251, lng: 174.3237 }, "nz"),
  place("Wellington Central", "6011", "Wellington", WELLINGTON, "nz"),
  place("Richmond", "7020", "Tasman", { lat: -41.3397, lng: 173.1847 }, "nz"),
];
