import { describe, expect, it } from "vitest";
import { normaliseCatalogue, parseModelCodes, unresolvedUuids } from "~/features/configurator/catalogue";

const line = { uuid: "L", slug: "tarrak", name: "Tarrak", content: { component: "model-line", name: "Tarrak" } };

describe("normaliseCatalogue", () => {
  it("reads models with options, references by uuid and resolved relations", () => {
    const c = normaliseCatalogue({
      country: "au",
      line,
      models: [
        {
          uuid: "M1",
          slug: "gx",
          content: {
            component: "model-au",
            name: "Tarrak GX",
            short_name: "GX",
            code: "GX",
            nvicCode: " N1 ",
            engines: [{ component: "option", name: "Petrol", price: "0", included_in_driveaway_price: true, modelCodes: "GX, GXL" }],
            wheels: [{ component: "option", name: '18" wheels', component_type: "Wheels", image: { filename: "/media/w.png", alt: "" } }],
            colours: ["C1", { uuid: "C2", content: {} }],
            trims: ["T1"],
            accessories: [{ uuid: "A1", slug: "mats", content: { component: "accessory", name: "Mats", price: "249", categories: ["Interior"] } }, "A2"],
            price_disclaimers: ["D1", { uuid: "D2", content: { text: "Resolved" } }, "D-missing"],
            driveaway_state_prices: "VP",
            hide_offers_in_configurator: true,
          },
        },
        { uuid: "M2", slug: "nz", content: { component: "model-nz", name: "Other country" } },
      ],
      colours: [{ uuid: "C1", content: { name: "Glacier White", images: [{ filename: "/media/a.png", alt: "A" }, { filename: "" }] } }],
      trims: [{ uuid: "T1", content: { name: "Cloth" } }],
      accessories: [],
      rels: [
        { uuid: "D1", content: { text: "By uuid" } },
        { uuid: "A2", slug: "racks", content: { component: "accessory", name: "Racks" } },
        { uuid: "VP", content: { component: "vehicle-price", driveaway_retail_price: "1" } },
      ],
    });
    expect(c.models.length).toBe(1);
    const m = c.models[0];
    expect(m.nvicCode).toBe("N1");
    expect(m.options.engine[0]).toMatchObject({ id: "petrol", modelCodes: ["GX", "GXL"], includedInDriveawayPrice: true });
    expect(m.options.wheels[0]).toMatchObject({ componentType: "Wheels", image: { filename: "/media/w.png", alt: '18" wheels' } });
    expect(m.colourUuids).toEqual(["C1", "C2"]);
    expect(m.priceDisclaimers.map((d) => d.text)).toEqual(["By uuid", "Resolved"]);
    expect(m.vehiclePrice).toMatchObject({ driveaway_retail_price: "1" });
    expect(m.hideOffersInConfigurator).toBe(true);
    expect(c.accessories.map((a) => a.id)).toEqual(["mats", "racks"]);
    expect(c.colours[0]).toMatchObject({ id: "glacier-white", images: [{ filename: "/media/a.png", alt: "A" }] });
    expect(c.trims[0]).toMatchObject({ id: "cloth", modelColours: [], images: [] });
  });

  it("tolerates missing fields", () => {
    const c = normaliseCatalogue({ country: "nz", line: { uuid: "L", content: {} }, models: [{ uuid: "M", content: { component: "model-nz" } }], colours: [{ content: {} }], trims: [], accessories: [], rels: [] });
    expect(c.models[0]).toMatchObject({ name: "", options: { engine: [] }, colourUuids: [], priceDisclaimers: [], vehiclePrice: null, image: null });
    expect(c.colours).toEqual([]);
  });

  it("parses modelCodes and finds unresolved references", () => {
    expect(parseModelCodes("A, B,,C")).toEqual(["A", "B", "C"]);
    expect(parseModelCodes(["A", " B "])).toEqual(["A", "B"]);
    expect(parseModelCodes(undefined)).toEqual([]);
    expect(
      unresolvedUuids([{ content: { accessories: ["A1", "A2"], price_disclaimers: ["D1"], driveaway_state_prices: "VP" } }], [{ uuid: "A1" }]),
    ).toEqual(["A2", "D1", "VP"]);
  });
});
