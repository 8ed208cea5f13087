import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { run, types, useSeoContentSet, type Loader } from "./content-set";

useSeoContentSet();

// The Car and OfferCatalog builders fail; the pages must render without them.
vi.mock("~/features/seo/vehicle", async (importOriginal) => ({
  ...(await importOriginal<typeof import("~/features/seo/vehicle")>()),
  carFromCatalogue: () => {
    throw new Error("catalogue broke");
  },
  offerCatalogFromCatalogue: () => {
    throw new Error("offers broke");
  },
}));

let catchAll: Loader;
beforeAll(async () => {
  catchAll = (await import("~/routes/$country.$")).loader;
});
afterEach(() => vi.restoreAllMocks());

describe("structured-data failure", () => {
  it("is logged and skipped; the page and its other structured data still render", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const model = await run(catchAll, "/au/models/suv/brolga", { country: "au", "*": "models/suv/brolga" });
    expect(model.status).toBe(200);
    expect(types(model.data)).toEqual(["BreadcrumbList"]);
    const offers = await run(catchAll, "/nz/offers", { country: "nz", "*": "offers" });
    expect(offers.status).toBe(200);
    expect(types(offers.data)).toEqual([]);
    expect(log.mock.calls.map((c) => String(c[0]) + String(c[1]))).toEqual([
      expect.stringMatching(/Car structured data failed.*catalogue broke/),
      expect.stringMatching(/OfferCatalog structured data failed.*offers broke/),
    ]);
  });
});
