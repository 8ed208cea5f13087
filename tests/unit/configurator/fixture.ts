import type { Catalogue, ConfigModel, ConfigOption, OptionKind } from "~/features/configurator/types";

export function opt(name: string, codes: string[], extra: Partial<ConfigOption> = {}): ConfigOption {
  return {
    id: name.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, ""),
    name,
    info: `${name} info`,
    price: "0",
    image: null,
    componentType: "",
    includedInDriveawayPrice: true,
    modelCodes: codes,
    cleanCarProgramme: "",
    ...extra,
  };
}

const NO_OPTIONS: Record<OptionKind, ConfigOption[]> = {
  engine: [],
  motor: [],
  transmission: [],
  drivetrain: [],
  battery: [],
  wheels: [],
};

export function model(slug: string, code: string, extra: Partial<ConfigModel> = {}): ConfigModel {
  return {
    uuid: `m-${slug}`,
    slug,
    name: `Tarrak ${slug.toUpperCase()}`,
    shortName: slug.toUpperCase(),
    variantName: "2.4T AWD",
    code,
    nvicCode: `N-${code}`,
    options: { ...NO_OPTIONS },
    colourUuids: ["c-white", "c-black", "c-red"],
    trimUuids: ["t-cloth", "t-leather", "t-nappa"],
    accessoryUuids: ["a-mats", "a-racks"],
    vehiclePrice: null,
    driveaway_retail_price: "50000",
    driveaway_abn_price: "48000",
    driveaway_price: "50000",
    driveaway_price_type: "RRP",
    offer_text: "",
    offer_text_abn: "",
    offer_text_retail: "",
    hideOffersInConfigurator: false,
    priceDisclaimers: [],
    disclaimer: "",
    cleanCarProgramme: "",
    image: null,
    description: "",
    enableAngleQuote: true,
    ...extra,
  };
}

const petrol = opt("2.4L turbo-petrol", ["GX", "GXL"]);
const diesel = opt("2.8L diesel", ["GX", "GXL", "SUM"], { price: "3500", includedInDriveawayPrice: false });
const dieselSummit = opt("2.8L diesel", ["GX", "GXL", "SUM"]);
const auto = opt("8-speed automatic", ["GX", "GXL", "SUM"]);
const w18 = opt('18" alloy wheels', ["GX"], { componentType: "Wheels", image: { filename: "/media/w18.png", alt: "18 wheels" } });
const w20 = opt('20" alloy wheels', ["GX", "GXL", "SUM"], { price: "1990", includedInDriveawayPrice: false, componentType: "Wheels" });
const w20Black = opt('20" black wheels', ["SUM"], { price: "990", includedInDriveawayPrice: false });
/** Listed on GXL's story but fitting only GX (content mistake the narrowing must hide). */
const strayOnGxl = opt('18" alloy wheels', ["GX"]);

/** Three models; GXL lacks the red colour; SUM only diesel and has no trims tied to black. */
export function catalogue(): Catalogue {
  return {
    country: "au",
    line: { uuid: "line", slug: "tarrak", name: "Tarrak", image: null },
    models: [
      model("gx", "GX", { options: { ...NO_OPTIONS, engine: [petrol, diesel], transmission: [auto], wheels: [w18, w20] } }),
      model("gxl", "GXL", {
        options: { ...NO_OPTIONS, engine: [petrol, diesel], transmission: [auto], wheels: [strayOnGxl, w20] },
        colourUuids: ["c-white", "c-black"],
        trimUuids: ["t-cloth", "t-leather"],
      }),
      model("sum", "SUM", {
        options: { ...NO_OPTIONS, engine: [dieselSummit], transmission: [auto], wheels: [{ ...w20, price: "0", includedInDriveawayPrice: true }, w20Black] },
        trimUuids: ["t-leather"],
        accessoryUuids: ["a-mats"],
      }),
    ],
    colours: [
      { uuid: "c-white", id: "white", name: "White", hex: "#fff", price: "0", images: [{ filename: "/media/w1.png", alt: "White front" }, { filename: "/media/w2.png", alt: "White side" }] },
      { uuid: "c-black", id: "black", name: "Black", hex: "#000", price: "690", images: [] },
      { uuid: "c-red", id: "red", name: "Red", hex: "#f00", price: "990", images: [{ filename: "/media/r1.png", alt: "Red" }] },
    ],
    trims: [
      { uuid: "t-cloth", id: "cloth", name: "Cloth", description: "", price: "0", modelColours: ["c-white", "c-black", "c-red"], images: [{ filename: "/media/cloth.jpg", alt: "Cloth" }] },
      { uuid: "t-leather", id: "leather", name: "Leather", description: "", price: "1500", modelColours: ["c-white", "c-red"], images: [] },
      { uuid: "t-nappa", id: "nappa", name: "Nappa", description: "", price: "2490", modelColours: [], images: [] },
    ],
    accessories: [
      { uuid: "a-mats", id: "floor-mats", name: "Floor mats", description: "", price: "249", code: "A1", image: null, categories: ["Interior"] },
      { uuid: "a-racks", id: "roof-racks", name: "Roof racks", description: "", price: "649", code: "A2", image: null, categories: ["Cargo"] },
    ],
  };
}
