import { describe, expect, it } from "vitest";
import { buildQueryFromSearchParams, resolveBuild } from "~/features/configurator/build";
import { abnFromCalculatorParams, abnFromCalculatorSubmit, serverCalculatorQuote } from "~/features/configurator/calculator.server";
import { loadCatalogue } from "~/features/configurator/catalogue.server";
import { DEFAULT_BALLOON_TABLE } from "~/features/finance/balloon-table";

describe("no-JS calculator on the server", () => {
  it("reads the entity as the ABN flag", () => {
    expect(abnFromCalculatorParams(new URLSearchParams("use=Business"))).toBe(true);
    expect(abnFromCalculatorParams(new URLSearchParams("use=Individual"))).toBe(false);
    expect(abnFromCalculatorParams(new URLSearchParams("use=Other"))).toBeUndefined();
  });

  it("takes a buyer type only from a submit of the configurator's calculator (the layout reads it too)", () => {
    const at = (path: string) => abnFromCalculatorSubmit(new URL(path, "http://localhost"));
    expect(at("/au/config/tarrak?variant=gx&calculator=1&use=Business")).toBe(true);
    expect(at("/au/config/tarrak/?calculator=1&use=Individual")).toBe(false);
    expect(at("/au/config/tarrak?calculator=1")).toBeUndefined();
    expect(at("/au/config/tarrak?use=Business")).toBeUndefined();
    expect(at("/au/finance?calculator=1&use=Business")).toBeUndefined();
    expect(at("/nz/config/tarrak?calculator=1&use=Business")).toBeUndefined();
  });

  it("quotes the build from the URL's form, and gives no quote without nvicCode or below the minimum loan", async () => {
    const catalogue = (await loadCatalogue("tarrak", "au"))!;
    const params = new URLSearchParams("variant=gx&calculator=1&term=60&balloon=20&use=Individual&frequency=Monthly");
    const build = resolveBuild(catalogue, buildQueryFromSearchParams(params));
    const answer = await serverCalculatorQuote(catalogue, build, params, { driveawayPrice: 52990, isABN: false, balloonTable: DEFAULT_BALLOON_TABLE });
    expect(answer?.error).toBe(false);
    if (answer && !answer.error) {
      expect(answer.quoteDetails.financedAmount).toBeGreaterThan(40000);
      expect(answer.quoteDetails.repaymentSchedules.map((s) => s.instalmentFrequency)).toContain("Monthly");
    }
    const low = await serverCalculatorQuote(catalogue, build, new URLSearchParams("deposit=1000"), { driveawayPrice: 4000, isABN: false, balloonTable: DEFAULT_BALLOON_TABLE });
    expect(low?.error).toBe(true);
    const mirra = (await loadCatalogue("mirra", "au"))!;
    const gt = resolveBuild(mirra, buildQueryFromSearchParams(new URLSearchParams("model=GT")));
    expect(await serverCalculatorQuote(mirra, gt, params, { driveawayPrice: 33490, isABN: false, balloonTable: DEFAULT_BALLOON_TABLE })).toBeNull();
  });
});
