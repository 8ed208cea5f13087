import type { Country } from "~/content/schema";

/** A point on the earth in decimal degrees (WGS 84). */
export interface LatLng {
  lat: number;
  lng: number;
}

export const WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** One day's opening hours as the CSV states them ("8:30am - 5:30pm", "Closed"; "" when blank). */
export interface DealerHours {
  day: Weekday;
  text: string;
}

/** A dealer from the dealer CSV (spec site.md section 3, transactional.md section 3). */
export interface Dealer extends LatLng {
  code: string;
  name: string;
  address: string;
  city: string;
  region: string;
  /** Normalised to 4 digits when the CSV holds 3–4 digits (a spreadsheet drops the leading 0). */
  postcode: string;
  country: Country;
  phone: string;
  email: string;
  /** Always seven entries, Monday to Sunday. */
  hours: DealerHours[];
  /** Finance Y/N. */
  finance: boolean;
}

/** One locality of the offline gazetteer (postcodes.csv). */
export interface GazetteerEntry extends LatLng {
  postcode: string;
  locality: string;
  region: string;
  country: Country;
}

/** Postcode → dealer code (the PMA file). */
export type PmaMap = Map<string, string>;

/** A row the parser skipped; row is the file's line number where the record starts (header = 1). */
export interface CsvRowError {
  row: number;
  message: string;
}

/** Everything the locator and the enquiry forms need, as getDealerData() returns it. */
export interface DealerData {
  dealers: Dealer[];
  pma: PmaMap;
  gazetteer: GazetteerEntry[];
}
