import { describe, expect, it } from "vitest";
import {
  buildQueryFromSearchParams,
  canonicalSearchParams,
  choose,
  chooseParams,
  interiorList,
  matchesValue,
  noInteriorMessages,
  resolveBuild,
  NO_INTERIOR_HINT,
} from "~/features/configurator/build";
import { catalogue, model } from "./fixture";

const cat = catalogue();
const resolve = (query: string) => resolveBuild(cat, buildQueryFromSearchParams(new URLSearchParams(query)));

describe("defaults and the model", () => {
  it("selects the first model and the first of every list by default", () => {
    const b = resolve("");
    expect(b.model?.slug).toBe("gx");
    expect(b.options.engine?.name).toBe("2.4L turbo-petrol");
    expect(b.options.transmission?.name).toBe("8-speed automatic");
    expect(b.options.wheels?.name).toBe('18" alloy wheels');
    expect(b.options.motor).toBeNull();
    expect(b.colour?.name).toBe("White");
    expect(b.trim?.name).toBe("Cloth");
    expect(b.accessories).toEqual([]);
  });

  it("preselects the model named by ?model= (short_name), and by variant (slug)", () => {
    expect(resolve("model=GXL").model?.slug).toBe("gxl");
    expect(resolve("model=gxl").model?.slug).toBe("gxl");
    expect(resolve("variant=sum").model?.slug).toBe("sum");
    expect(resolve("variant=sum&model=GX").model?.slug).toBe("sum");
  });

  it("falls back to the first model for an unknown or empty value", () => {
    expect(resolve("model=Nope").model?.slug).toBe("gx");
    expect(resolve("variant=&model=").model?.slug).toBe("gx");
  });

  it("gives an empty build for a catalogue without models", () => {
    const b = resolveBuild({ ...cat, models: [] }, { slots: {}, accessories: [] });
    expect(b.model).toBeNull();
    expect(noInteriorMessages(b)).toBeNull();
  });
});

describe("option lists", () => {
  it("narrows the lists to options whose modelCodes include the model's code", () => {
    const b = resolve("variant=gxl");
    expect(b.lists.wheels.map((o) => o.name)).toEqual(['20" alloy wheels']);
    expect(b.options.wheels?.name).toBe('20" alloy wheels');
  });

  it("selects the option an outside value names (id, name or any case)", () => {
    expect(resolve("variant=gx&engine=2-8l-diesel").options.engine?.name).toBe("2.8L diesel");
    expect(resolve("variant=gx&engine=2.8L%20DIESEL").options.engine?.name).toBe("2.8L diesel");
    expect(matchesValue({ id: "x", name: "X y" }, "x-Y")).toBe(true);
    expect(matchesValue({ id: "x", name: "X" }, "")).toBe(false);
  });

  it("falls back to the first when the value is unknown", () => {
    expect(resolve("engine=v12").options.engine?.name).toBe("2.4L turbo-petrol");
  });

  it("selects the first again when a model change drops the choice, and keeps it when offered", () => {
    const gx = resolve("variant=gx&engine=2-8l-diesel&wheels=18-alloy-wheels");
    const gxl = resolveBuild(cat, choose(cat, gx, { type: "model", id: "gxl" }));
    expect(gxl.model?.slug).toBe("gxl");
    expect(gxl.options.engine?.name).toBe("2.8L diesel");
    expect(gxl.options.wheels?.name).toBe('20" alloy wheels');
  });

  it("switches the model when an option belongs to another model", () => {
    const gx = resolve("variant=gx");
    const next = resolveBuild(cat, choose(cat, gx, { type: "option", kind: "wheels", id: "20-black-wheels" }));
    expect(next.model?.slug).toBe("sum");
    expect(next.options.wheels?.name).toBe('20" black wheels');
    // The petrol engine is not offered on SUM: the first of its list is selected.
    expect(next.options.engine?.name).toBe("2.8L diesel");
  });

  it("switches the model for an outside value of another model, but never away from earlier values", () => {
    expect(resolve("variant=gxl&wheels=18-alloy-wheels").model?.slug).toBe("gx");
    // Petrol (GX, GXL) was accepted first; the SUM-only wheels cannot switch away from it.
    const b = resolve("variant=gx&engine=2-4l-turbo-petrol&wheels=20-black-wheels");
    expect(b.model?.slug).toBe("gx");
    expect(b.options.wheels?.name).toBe('18" alloy wheels');
  });

  it("prefers the model that keeps the most of the other choices", () => {
    const gxDiesel = resolve("variant=gx&engine=2-8l-diesel&colour=black");
    // GX's 18" wheels only fit GX; choosing red on GXL (no red) goes to GX or SUM: both have red.
    const gxl = resolveBuild(cat, choose(cat, gxDiesel, { type: "model", id: "gxl" }));
    const red = resolveBuild(cat, choose(cat, gxl, { type: "colour", id: "red" }));
    expect(red.colour?.name).toBe("Red");
    expect(red.model?.slug).toBe("gx");
    expect(red.options.engine?.name).toBe("2.8L diesel");
  });

  it("ignores a choice no model offers", () => {
    const gx = resolve("variant=gx");
    expect(choose(cat, gx, { type: "option", kind: "engine", id: "v12" }).slots.engine).toBe("2-4l-turbo-petrol");
  });
});

describe("colour and interior", () => {
  it("resets the trim when the colour changes", () => {
    const b = resolve("variant=gx&colour=white&trim=leather");
    expect(b.trim?.name).toBe("Leather");
    const q = choose(cat, b, { type: "colour", id: "red" });
    expect(q.trim).toBeNull();
    expect(resolveBuild(cat, q).trim?.name).toBe("Cloth");
    expect(choose(cat, b, { type: "trim", id: "nappa" }).trim).toBe("nappa");
  });

  it("filters the interior by the colour's uuid; a trim without model_colours is always shown; no colour shows all", () => {
    const trims = cat.trims;
    expect(interiorList(trims, { uuid: "c-black" }).map((t) => t.name)).toEqual(["Cloth", "Nappa"]);
    expect(interiorList(trims, { uuid: "c-red" }).map((t) => t.name)).toEqual(["Cloth", "Leather", "Nappa"]);
    expect(interiorList(trims, null).map((t) => t.name)).toEqual(["Cloth", "Leather", "Nappa"]);
    expect(resolve("variant=gx&colour=black&trim=leather").trim?.name).toBe("Cloth");
  });

  it("gives the no-trim messages letter for letter", () => {
    const sumBlack = resolve("variant=sum&colour=black");
    expect(sumBlack.interior).toEqual([]);
    expect(noInteriorMessages(sumBlack)).toEqual(["Sorry, no interior options are available for the SUM variant in Black.", NO_INTERIOR_HINT]);
    expect(NO_INTERIOR_HINT).toBe("Please try a different exterior colour, or contact your dealer for options.");
    const noTrims = resolveBuild({ ...cat, models: [model("bare", "GX", { trimUuids: [] })] }, { slots: {}, accessories: [] });
    expect(noInteriorMessages(noTrims)).toEqual(["Sorry, no interior options are available for the BARE variant."]);
    const noColours = resolveBuild(
      { ...cat, models: [model("plain", "GX", { colourUuids: [], trimUuids: ["t-leather"] })], trims: [{ ...cat.trims[1], modelColours: ["c-x"] }] },
      { slots: {}, accessories: [] },
    );
    expect(noColours.interior.length).toBe(1);
    expect(noInteriorMessages(resolve("variant=gx"))).toBeNull();
  });
});

describe("accessories and the canonical query", () => {
  it("keeps only the model's accessories and toggles them", () => {
    const b = resolve("variant=gx&acc=floor-mats&acc=nope&acc=roof-racks");
    expect(b.accessories.map((a) => a.id)).toEqual(["floor-mats", "roof-racks"]);
    const removed = choose(cat, b, { type: "accessory", id: "floor-mats" });
    expect(removed.accessories).toEqual(["roof-racks"]);
    expect(resolve("variant=sum&acc=roof-racks").accessories).toEqual([]);
  });

  it("writes every choice in a fixed order, never `model`, and reproduces the same build", () => {
    const b = resolve("model=GXL&colour=black&acc=floor-mats");
    const q = canonicalSearchParams(b).toString();
    expect(q).toBe("variant=gxl&engine=2-4l-turbo-petrol&transmission=8-speed-automatic&wheels=20-alloy-wheels&colour=black&trim=cloth&acc=floor-mats");
    expect(canonicalSearchParams(resolve(q)).toString()).toBe(q);
  });

  it("builds the link of a choice as a canonical query", () => {
    const b = resolve("");
    expect(chooseParams(cat, b, { type: "model", id: "sum" }).get("variant")).toBe("sum");
    expect(chooseParams(cat, b, { type: "accessory", id: "roof-racks" }).getAll("acc")).toEqual(["roof-racks"]);
  });
});
