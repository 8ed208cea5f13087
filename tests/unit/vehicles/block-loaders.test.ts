import path from "node:path";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { BlockLoaderArgs } from "~/blocks/loaders.server";
import { createPageMemo } from "~/lib/page-memo";
import type { VehicleBlockData } from "~/blocks/vehicle-data.server";
import { blockLoaderArgs } from "../support/block-loader-args";
import { linesModels } from "~/features/vehicles/logic";
import { buyerContextFromRequest } from "~/features/site-state/cookies.server";

/** The models a vehicle block lists for the buyer of the cookies (the data carries them in its lines only). */
function modelsOf(data: VehicleBlockData, country: "au" | "nz" = "au", cookie = "") {
  return linesModels(data.lines, buyerContextFromRequest(new Request("http://localhost/", { headers: cookie ? { Cookie: cookie } : {} }), country));
}

process.env.CONTENT_DIR = path.resolve("content-fixtures");
process.env.STORYBLOK_TOKEN = "";
delete process.env.FINANCE_PARTNER_URL;

let loaders: typeof import("~/blocks/vehicle-data.server");
let loadBlockData: typeof import("~/blocks/loaders.server").loadBlockData;
beforeAll(async () => {
  loaders = await import("~/blocks/vehicle-data.server");
  ({ loadBlockData } = await import("~/blocks/loaders.server"));
}, 60_000);

function args(blok: Record<string, unknown>, country: "au" | "nz", cookie = "", search = ""): BlockLoaderArgs {
  return blockLoaderArgs({
    blok: { _uid: "u1", component: "model-range", ...blok },
    country,
    request: new Request(`http://localhost/${country}/x${search}`, { headers: cookie ? { Cookie: cookie } : {} }),
  });
}

describe("vehicle block loader", () => {
  it("loads a line's AU models with relations resolved, ascending driveaway price", async () => {
    const data = await loaders.vehicleBlockLoader(args({ model_line: "tarrak" }, "au"));
    expect(data.lines.map((l) => l.name)).toEqual(["Tarrak"]);
    expect(modelsOf(data).map((m) => m.shortName)).toEqual(["GX", "GXL", "Summit"]);
    expect(data).not.toHaveProperty("models");
    const gx = modelsOf(data)[0]!;
    expect(gx.colours.length).toBeGreaterThan(1);
    expect(gx.colours[0].hex).toMatch(/^#/);
    expect(gx.priceDisclaimers[0].text.length).toBeGreaterThan(10);
    expect(gx.vehiclePrice?.driveaway_state_abn_prices?.length).toBe(8);
    expect(gx.configPath).toBe("/au/config/tarrak?model=GX");
    expect(data.finance).toBeNull();
  });
  it("gives the blocks of one page (one loadBlockData call) the same line objects (the page data carries them once)", async () => {
    const request = new Request("http://localhost/au/models/suv/tarrak");
    const bloks = [
      { _uid: "a", component: "car-detail-page", model_line: "tarrak" },
      { _uid: "b", component: "colour-selector", model_line: "tarrak" },
    ];
    const page = (await loadBlockData(bloks, "au", request)) as Record<string, VehicleBlockData>;
    const [detail, colours] = [page.a, page.b];
    expect(detail.lines[0]!.name).toBe("Tarrak");
    expect(colours.lines[0]).toBe(detail.lines[0]);
    expect(modelsOf(colours)[0]).toBe(modelsOf(detail)[0]);
    // Another page (another visitor, maybe another state) builds its own, even for the same request.
    const other = (await loadBlockData(bloks, "au", request)) as Record<string, VehicleBlockData>;
    expect(other.a.lines[0]).not.toBe(detail.lines[0]);
    expect(other.a.lines[0]).toEqual(detail.lines[0]);
  });
  it("loads a line once per page and buyer: another state's prices are another line object", async () => {
    const once = createPageMemo();
    const blok = { _uid: "a", component: "model-range", model_line: "tarrak" };
    const page = (cookie: string) => blockLoaderArgs({ blok, country: "au", request: new Request("http://localhost/au/x", { headers: { Cookie: cookie } }) }, once);
    const vic = await loaders.vehicleBlockLoader(page("auState=VIC; isABN=false"));
    expect((await loaders.vehicleBlockLoader(page("auState=VIC; isABN=false"))).lines[0]).toBe(vic.lines[0]);
    expect((await loaders.vehicleBlockLoader(page("auState=WA; isABN=false"))).lines[0]).not.toBe(vic.lines[0]);
    expect((await loaders.vehicleBlockLoader(page("auState=VIC; isABN=true"))).lines[0]).not.toBe(vic.lines[0]);
  });
  it("loads NZ models for NZ, and a line by reference UUID", async () => {
    const data = await loaders.vehicleBlockLoader(args({ model_line: "88ddbbf5-bcc6-472f-8e3c-57a0b8a211de" }, "nz"));
    expect(modelsOf(data, "nz").map((m) => m.pricing.driveaway_price)).toEqual(["57990", "64990", "74990"]);
  });
  it("computes card quotes on the server when the block asks and use_angle_api is on (AU)", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const data = await loaders.vehicleBlockLoader(args({ model_line: "mirra", show_finance_from_text: true }, "au", "auState=NSW; isABN=false"));
    expect(data.finance).not.toBeNull();
    const [core, gt] = modelsOf(data, "au", "auState=NSW; isABN=false");
    expect(core.shortName).toBe("Core");
    const quote = data.finance![core.uuid];
    expect(quote.state).toBe("ready");
    // Mirra GT has no nvicCode: its card shows the failure message.
    expect(data.finance![gt.uuid].state).toBe("failed");
    const nz = await loaders.vehicleBlockLoader(args({ model_line: "mirra", show_finance_from_text: true }, "nz"));
    expect(nz.finance).toBeNull();
  });
  it("sorts for the buyer of the cookies", async () => {
    const data = await loaders.vehicleBlockLoader(args({}, "au", "auState=WA; isABN=false"));
    expect(data.lines.length).toBe(5);
    expect(modelsOf(data, "au", "auState=WA; isABN=false")[0]!.name).toMatch(/Mirra Core/);
  });
  it("answers an unknown line with no models", async () => {
    const data = await loaders.vehicleBlockLoader(args({ model_line: "no-such-line" }, "au"));
    expect(modelsOf(data)).toEqual([]);
  });
});

describe("accessories loader", () => {
  it("lists a line's accessories, 6 at first, with the URL's filter and sort", async () => {
    const first = await loaders.accessoriesBlockLoader(args({ model_line: "kordan" }, "au"));
    expect(first.accessories.length).toBeGreaterThan(6);
    expect(first.shown).toHaveLength(6);
    expect(first.hasMore).toBe(true);
    const sorted = await loaders.accessoriesBlockLoader(args({ model_line: "kordan" }, "au", "", "?sort=priceLow"));
    expect(sorted.shown).toHaveLength(first.accessories.length);
    const prices = sorted.shown.map((a) => Number(a.price)).filter((p) => p > 0);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });
});
