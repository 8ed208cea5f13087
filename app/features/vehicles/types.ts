import type { CardQuote } from "~/features/finance/components/card-quote";
import type { Country } from "~/content/schema";
import type { QuoteVehicle } from "~/features/finance/calculator";
import type { AuState } from "~/lib/au-states";
import type { PricedModel, VehiclePriceInput } from "~/features/pricing/types";

/**
 * The vehicle data the vehicle blocks get from their loaders (app/features/vehicles/*.server.ts):
 * a model line's models for a country with their relations resolved and cut down to what the
 * blocks show, so the hydration payload stays small. Prices stay raw (content strings): the
 * blocks compute the driveaway price for the visitor's state and buyer type from the store, so
 * a change in the pricing modal re-prices the page at once.
 */

export interface ImageRef {
  filename: string;
  alt: string;
}

export interface VehicleColour {
  uuid: string;
  name: string;
  /** "#B3262D"; empty when the content has none. */
  hex: string;
  /** Content price string ("550"), added to the driveaway price when valid. */
  price: string;
  images: ImageRef[];
  swatch: ImageRef | null;
}

export interface VehicleFeature {
  name: string;
  icon: ImageRef | null;
}

export interface PriceDisclaimerText {
  uuid: string;
  title: string;
  text: string;
}

/** What every view of a model story names it by (the vehicle blocks and the configurator). */
export interface ModelIdentity {
  uuid: string;
  slug: string;
  name: string;
  shortName: string;
  variantName: string;
  code: string;
}

export interface VehicleModel extends ModelIdentity {
  clearance: boolean;
  image: ImageRef | null;
  description: string;
  disclaimer: string;
  /** feature_list split into lines (blank lines dropped). */
  featureList: string[];
  features: VehicleFeature[];
  colours: VehicleColour[];
  priceDisclaimers: PriceDisclaimerText[];
  /** The price and offer fields of the model (strings as stored). */
  pricing: PricedModel;
  /** The model's vehicle-price (AU state prices), resolved; null when none. */
  vehiclePrice: VehiclePriceInput | null;
  /** NZ clean car programme text ('' when none). */
  cleanCarProgramme: string;
  /** Asset details for a finance quote (nvicCode may be empty: the quote then fails). */
  quoteVehicle: QuoteVehicle;
  /** Build Your Own: config/{line} with model = short_name. */
  configPath: string;
}

export interface VehicleAccessory {
  uuid: string;
  name: string;
  description: string;
  price: string;
  code: string;
  image: ImageRef | null;
  categories: string[];
}

export interface VehicleLine {
  uuid: string;
  name: string;
  slug: string;
  vehicleCategory: string;
  image: ImageRef | null;
  brochure: string | null;
  /** models/{category lowercased}/{slug}, with the country. */
  modelPagePath: string;
  /** config/{slug}, with the country. */
  configPath: string;
  /** Ascending driveaway price for the buyer of the request (cookies). */
  models: VehicleModel[];
}

export interface BuyerSnapshot {
  country: Country;
  auState: AuState;
  isABN: boolean;
}

/** What the vehicle blocks get from the server (their loaders: app/blocks/vehicle-data.server.ts). */
export interface VehicleBlockData {
  /** The lines with their models: a block lists them with `linesModels` (sent once, not twice). */
  lines: VehicleLine[];
  /** Card finance panels by model uuid (default colour, the request's buyer); null: no panels. */
  finance: Record<string, CardQuote> | null;
}

export interface AccessoriesBlockData {
  line: Omit<VehicleLine, "models"> | null;
  /** Every accessory of the line (the carousel shows them all). */
  accessories: VehicleAccessory[];
  categories: string[];
  /** The listing's page from the URL (?category, ?sort, ?pages). */
  shown: VehicleAccessory[];
  total: number;
  hasMore: boolean;
}
