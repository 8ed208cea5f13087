import { describe, expect, it } from "vitest";
import { buildQueryFromSearchParams, resolveBuild, canonicalSearchParams } from "~/features/configurator/build";
import { loadCatalogue } from "~/features/configurator/catalogue.server";

describe("loadCatalogue (fixture content)", () => {
  it("loads a model line's models, colours, trims, accessories and resolved relations", async () => {
    const catalogue = await loadCatalogue("tarrak", "au");
    expect(catalogue).not.toBeNull();
    const c = catalogue!;
    expect(c.line.name).toBe("Tarrak");
    expect(c.models.map((m) => m.slug)).toEqual(["gx", "gxl", "summit"]);
    const gx = c.models[0];
    expect(gx.nvicCode).toMatch(/^K/);
    expect(gx.options.engine.map((o) => o.name)).toContain("2.4L turbo-petrol");
    expect(gx.options.engine[0].modelCodes).toEqual(["TRK-GX", "TRK-GXL"]);
    expect(gx.priceDisclaimers.length).toBeGreaterThan(0);
    expect(gx.vehiclePrice?.driveaway_state_retail_prices?.length).toBe(8);
    expect(c.accessories.length).toBeGreaterThanOrEqual(13);
    expect(gx.accessoryUuids.length).toBe(13);
    const build = resolveBuild(c, buildQueryFromSearchParams(new URLSearchParams("model=Summit")));
    expect(build.model?.slug).toBe("summit");
    expect(build.colours.length).toBe(5);
    expect(build.trims.length).toBe(3);
    expect(canonicalSearchParams(build).get("variant")).toBe("summit");
  });

  it("is null for an unknown model line and loads NZ models for nz", async () => {
    expect(await loadCatalogue("nope", "au")).toBeNull();
    const nz = await loadCatalogue("mirra", "nz");
    expect(nz?.models.map((m) => m.slug)).toEqual(["core", "gt", "gt-sport"]);
    expect(nz?.models[0].options.engine[0].cleanCarProgramme).toBe("No fee – neutral band");
  });
});
