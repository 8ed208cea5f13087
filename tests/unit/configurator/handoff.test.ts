import { describe, expect, it } from "vitest";
import { buildQueryFromSearchParams, resolveBuild } from "~/features/configurator/build";
import {
  buildHandOff,
  isBuildLine,
  parseBuildParam,
  shortBuildSummary,
  testDriveHref,
} from "~/features/configurator/handoff";
import { canonicalBuildRedirectSearch, modelRedirectSearch } from "~/features/configurator/view";
import { catalogue } from "./fixture";

/** The build's hand-off to the test-drive form (issue 25 item 13) and the ?model= redirect (item 9). */
const cat = catalogue();
const resolve = (query: string) => resolveBuild(cat, buildQueryFromSearchParams(new URLSearchParams(query)));
const AU_VIC_ABN = { country: "au", auState: "VIC", isABN: true } as const;

describe("the Book a Test Drive link", () => {
  it("carries the model line and the build's canonical configurator path", () => {
    const build = resolve("variant=sum&colour=red&acc=floor-mats");
    const href = testDriveHref("au", cat.line, build);
    const url = new URL(href, "http://x");
    expect(url.pathname).toBe("/au/test-drive");
    expect(url.searchParams.get("model")).toBe("Tarrak");
    expect(url.searchParams.get("build")).toBe(
      "/au/config/tarrak?variant=sum&engine=2-8l-diesel&transmission=8-speed-automatic&wheels=20-alloy-wheels&colour=red&trim=leather&acc=floor-mats",
    );
  });
});

describe("reading a build parameter", () => {
  it("reads a configurator path of the country with the configurator's parser", () => {
    const ref = parseBuildParam("/au/config/tarrak?variant=sum&colour=red&acc=floor-mats&tab=summary", "au");
    expect(ref?.lineSlug).toBe("tarrak");
    expect(ref?.query).toMatchObject({ variant: "sum", slots: { colour: "red" }, accessories: ["floor-mats"] });
  });

  it("is no build for another country, another site, another page or a malformed value", () => {
    for (const value of [
      "/nz/config/tarrak?variant=sum",
      "https://evil.example/au/config/tarrak",
      "//evil.example/au/config/tarrak",
      "/au/test-drive",
      "/au/config/tarrak/extra",
      "/au/config/Tarrak%3Cscript%3E",
      "au/config/tarrak",
      "",
      null,
      42,
    ]) {
      expect(parseBuildParam(value, "au"), String(value)).toBeNull();
    }
  });
});

describe("the hand-off (rebuilt from the catalogue)", () => {
  it("gives the canonical path, the shareable path with the buyer, the short summary and the summary lines", () => {
    const build = resolve("variant=sum&colour=red&acc=floor-mats");
    const handOff = buildHandOff(cat.line, build, AU_VIC_ABN)!;
    expect(handOff.line).toEqual({ slug: "tarrak", name: "Tarrak" });
    expect(handOff.path).toBe(
      "/au/config/tarrak?variant=sum&engine=2-8l-diesel&transmission=8-speed-automatic&wheels=20-alloy-wheels&colour=red&trim=leather&acc=floor-mats",
    );
    expect(handOff.sharePath).toBe(`${handOff.path}&state=VIC&buyer=abn`);
    expect(handOff.text).toBe("Tarrak SUM, Red, Leather, 1 accessory");
    expect(handOff.lines).toEqual([
      "Variant: Tarrak SUM ($48,000)",
      "Engine: 2.8L diesel (Included)",
      "Transmission: 8-speed automatic (Included)",
      "Wheels: 20\" alloy wheels (Included)",
      "Colour: Red (+ $990)",
      "Interior: Leather (+ $1,500)",
      "Accessory: Floor mats (+ $249)",
      "Total: $50,739",
    ]);
  });

  it("ignores a tampered parameter: nothing of it is echoed, unknown accessories are dropped", () => {
    const ref = parseBuildParam('/au/config/tarrak?variant=sum&colour=<script>alert(1)</script>&trim="><img>&acc=floor-mats&acc=free-car&engine=V12', "au")!;
    const handOff = buildHandOff(cat.line, resolveBuild(cat, ref.query), AU_VIC_ABN)!;
    const all = JSON.stringify(handOff);
    for (const tampered of ["script", "img", "free-car", "V12"]) expect(all).not.toContain(tampered);
    // The configurator shows that address as the model's defaults: so do the summary and the link.
    expect(handOff.text).toBe("Tarrak SUM, White, Leather, 1 accessory");
    expect(handOff.path).toBe(buildHandOff(cat.line, resolve("variant=sum&acc=floor-mats"), AU_VIC_ABN)!.path);
  });

  it("counts accessories, and leaves them out when there are none", () => {
    expect(shortBuildSummary(resolve("variant=gx&acc=floor-mats&acc=roof-racks"))).toBe("Tarrak GX, White, Cloth, 2 accessories");
    expect(shortBuildSummary(resolve("variant=gx"))).toBe("Tarrak GX, White, Cloth");
  });

  it("NZ: no buyer parameters in the shareable path", () => {
    const handOff = buildHandOff(cat.line, resolve("variant=gx"), { country: "nz", isABN: false })!;
    expect(handOff.path.startsWith("/nz/config/tarrak?variant=gx")).toBe(true);
    expect(handOff.sharePath).toBe(handOff.path);
  });

  it("matches a form's model-line choice by value or name", () => {
    expect(isBuildLine({ value: "tarrak", text: "Tarrak" }, cat.line)).toBe(true);
    expect(isBuildLine({ value: "TRK", text: "Tarrak" }, cat.line)).toBe(true);
    expect(isBuildLine({ value: "corvale", text: "Corvale" }, cat.line)).toBe(false);
  });
});

describe("?model= (item 9)", () => {
  it("is answered with the build's canonical query, the view parameters kept", () => {
    expect(modelRedirectSearch(cat, new URLSearchParams("model=GXL&tab=summary"))?.toString()).toBe(
      "variant=gxl&engine=2-4l-turbo-petrol&transmission=8-speed-automatic&wheels=20-alloy-wheels&colour=white&trim=cloth&tab=summary",
    );
    // An unknown short name: the first model, and the query is still removed.
    expect(modelRedirectSearch(cat, new URLSearchParams("model=Nope"))?.get("variant")).toBe("gx");
  });

  it("leaves an address without model alone", () => {
    expect(modelRedirectSearch(cat, new URLSearchParams("variant=gxl"))).toBeNull();
  });
});

describe("one address per build", () => {
  const canonical = "variant=sum&engine=2-8l-diesel&transmission=8-speed-automatic&wheels=20-alloy-wheels&colour=red&trim=leather&acc=floor-mats";
  const redirect = (query: string) => canonicalBuildRedirectSearch(cat, new URLSearchParams(query))?.toString() ?? null;

  it("sends any other spelling of a build to its canonical query, keeping the view", () => {
    expect(redirect("variant=sum&colour=red&acc=floor-mats")).toBe(canonical);
    expect(redirect("colour=Red&variant=SUM&acc=floor-mats&tab=summary")).toBe(`${canonical}&tab=summary`);
    expect(redirect(`${canonical}&colour=${"x".repeat(50)}`)).toBe(canonical);
    expect(redirect(`${canonical}&acc=unknown-${Math.random()}`)).toBe(canonical);
  });

  it("leaves the canonical build (in any order), and the page without a build, where they are", () => {
    expect(redirect(canonical)).toBeNull();
    expect(redirect(new URLSearchParams([...new URLSearchParams(canonical)].reverse()).toString())).toBeNull();
    expect(redirect("tab=summary")).toBeNull();
    expect(redirect("")).toBeNull();
  });
});
