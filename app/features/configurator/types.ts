/**
 * The configurator's catalogue, normalised from the content stories (catalogue.ts) into plain,
 * serialisable data: the server sends it once and the browser resolves every build from it.
 */
import type { PricedModel, VehiclePriceInput } from "~/features/pricing/types";
import type { ImageRef, ModelIdentity } from "~/features/vehicles/types";

export type ConfiguratorCountry = "au" | "nz";

/** The option lists of a model, in step order (spec transactional.md section 2). */
export const OPTION_KINDS = ["engine", "motor", "transmission", "drivetrain", "battery", "wheels"] as const;
export type OptionKind = (typeof OPTION_KINDS)[number];

/** The model field holding each list. */
export const OPTION_FIELDS = {
  engine: "engines",
  motor: "motors",
  transmission: "transmissions",
  drivetrain: "drivetrains",
  battery: "batteries",
  wheels: "wheels",
} as const satisfies Record<OptionKind, string>;

/** An image as the views carry it. */
export type ConfigImage = ImageRef;

export interface ConfigOption {
  /** URL value: the name as a slug. */
  id: string;
  name: string;
  info: string;
  price: string;
  image: ConfigImage | null;
  /** 'Wheels' shows the image. */
  componentType: string;
  includedInDriveawayPrice: boolean;
  /** Model codes the option fits; empty = every model. */
  modelCodes: string[];
  /** NZ: text under 'Clean car programme:'. */
  cleanCarProgramme: string;
}

export interface ConfigColour {
  uuid: string;
  id: string;
  name: string;
  hex: string;
  price: string;
  images: ConfigImage[];
}

export interface ConfigTrim {
  uuid: string;
  id: string;
  name: string;
  description: string;
  price: string;
  /** Colour uuids; empty = offered with every colour. */
  modelColours: string[];
  images: ConfigImage[];
}

export interface ConfigAccessory {
  uuid: string;
  id: string;
  name: string;
  description: string;
  price: string;
  code: string;
  image: ConfigImage | null;
  categories: string[];
}

export interface ConfigDisclaimer {
  uuid: string;
  text: string;
}

export interface ConfigModel extends PricedModel, ModelIdentity {
  nvicCode: string;
  options: Record<OptionKind, ConfigOption[]>;
  colourUuids: string[];
  trimUuids: string[];
  accessoryUuids: string[];
  /** The resolved vehicle-price content (AU state prices), when there is one. */
  vehiclePrice: VehiclePriceInput | null;
  hideOffersInConfigurator: boolean;
  priceDisclaimers: ConfigDisclaimer[];
  disclaimer: string;
  cleanCarProgramme: string;
  image: ConfigImage | null;
  description: string;
  enableAngleQuote: boolean;
}

export interface ConfigModelLine {
  uuid: string;
  slug: string;
  name: string;
  image: ConfigImage | null;
}

export interface Catalogue {
  country: ConfiguratorCountry;
  line: ConfigModelLine;
  models: ConfigModel[];
  colours: ConfigColour[];
  trims: ConfigTrim[];
  accessories: ConfigAccessory[];
}
