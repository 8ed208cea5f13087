import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { deepFreeze } from "~/content/cache.server";
import {
  accessorySchema,
  catalogueSchemas,
  colourSchema,
  modelAuSchema,
  modelLineSchema,
  modelNzSchema,
  priceDisclaimerSchema,
  readAccessory,
  readColour,
  readContent,
  readModel,
  readModelLine,
  readPriceDisclaimer,
  readTrim,
  refUuids,
  trimSchema,
} from "~/content/catalogue-model";
import { contentTypeSchemas } from "~/content/content-types";
import { normaliseCatalogue } from "~/features/configurator/catalogue";
import { toVehicleModel } from "~/features/vehicles/vehicles.server";

const STORIES = "content-fixtures/stories";

/** Every fixture story under `dir`. */
function stories(dir: string): { uuid: string; slug: string; name: string; full_slug: string; content: Record<string, unknown> }[] {
  const root = path.join(STORIES, dir);
  return readdirSync(root).flatMap((name) => {
    const file = path.join(root, name);
    if (statSync(file).isDirectory()) return stories(path.join(dir, name));
    return name.endsWith(".json") ? [JSON.parse(readFileSync(file, "utf8"))] : [];
  });
}

const byComponent = (component: string) => stories("").filter((s) => s.content?.component === component);

describe("the catalogue read model", () => {
  it("reads every fixture model line, model, colour, trim, accessory and price disclaimer as its schema parses it", () => {
    const cases = [
      ["model-line", modelLineSchema, readModelLine],
      ["model-au", modelAuSchema, readModel],
      ["model-nz", modelNzSchema, readModel],
      ["colour", colourSchema, readColour],
      ["trim", trimSchema, readTrim],
      ["accessory", accessorySchema, readAccessory],
      ["price-disclaimer", priceDisclaimerSchema, readPriceDisclaimer],
    ] as const;
    for (const [component, schema, read] of cases) {
      const found = byComponent(component);
      expect(found.length, component).toBeGreaterThan(0);
      for (const story of found) expect(read(story), `${component} ${story.full_slug}`).toEqual(schema.parse(story.content));
    }
  });

  it("gives the fields the content model names, typed", () => {
    const gx = stories("car-configurator/models/tarrak/au").find((s) => s.slug === "gx")!;
    const model = readModel(gx);
    expect(model.component).toBe("model-au");
    expect(typeof model.name).toBe("string");
    expect(Array.isArray(model.engines ?? [])).toBe(true);
    expect(refUuids(model.colours).length).toBeGreaterThan(0);
    const colour = readColour(byComponent("colour")[0]);
    expect(colour.hex).toMatch(/^#/);
  });

  it("reads a field that fails its schema as absent, keeps the list items that parse, and a number as text", () => {
    const read = readContent(modelAuSchema, {
      component: "model-au",
      name: 42,
      clearance: "yes",
      image: { filename: "/media/a.png", id: "not a number", alt: null },
      engines: [{ component: "option", name: "Petrol", price: true }, "junk", null, { name: "Diesel", price: "0" }],
      colours: ["c1", 7, { uuid: "c2", content: {} }, { name: "no uuid" }],
      driveaway_price: 45990,
      extra_field: { kept: true },
    });
    expect(read.name).toBe("42");
    expect(read).not.toHaveProperty("clearance");
    expect(read.image).toEqual({ filename: "/media/a.png", alt: null });
    expect(read.engines).toEqual([{ component: "option", name: "Petrol" }, { name: "Diesel", price: "0" }]);
    expect(refUuids(read.colours)).toEqual(["c1", "c2"]);
    expect(read.driveaway_price).toBe(45990);
    expect(read.extra_field).toEqual({ kept: true });
    expect(readColour({ content: "not an object" })).toEqual({});
    expect(readColour(null)).toEqual({});
  });

  it("reads a frozen content object (one content version) once, and a draft's every time", () => {
    const [story] = deepFreeze(byComponent("colour").slice(0, 1));
    expect(readColour(story)).toBe(readColour(story));
    const draft = structuredClone(byComponent("colour")[0]);
    expect(readColour(draft)).not.toBe(readColour(draft));
    expect(readColour(draft)).toEqual(readColour(story));
  });

  it("is what the content check validates with", () => {
    for (const [name, schema] of Object.entries(catalogueSchemas)) expect(contentTypeSchemas[name], name).toBe(schema);
  });

  it("feeds the configurator and the vehicle blocks the same model", () => {
    const line = stories("car-configurator/models").find((s) => s.full_slug === "car-configurator/models/tarrak")!;
    const models = stories("car-configurator/models/tarrak/au");
    const catalogue = normaliseCatalogue({ country: "au", line, models, colours: [], trims: [], accessories: [], rels: [] });
    for (const story of models) {
      const config = catalogue.models.find((m) => m.uuid === story.uuid)!;
      const vehicle = toVehicleModel(story, { name: "Tarrak", slug: "tarrak" }, "au");
      expect({ name: config.name, shortName: config.shortName, code: config.code, description: config.description }).toEqual({
        name: vehicle.name,
        shortName: vehicle.shortName,
        code: vehicle.code,
        description: vehicle.description,
      });
      expect(config.driveaway_retail_price).toBe(vehicle.pricing.driveaway_retail_price);
    }
  });
});
