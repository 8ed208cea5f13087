import { describe, expect, it } from "vitest";
import { buildQueryFromSearchParams, resolveBuild } from "~/features/configurator/build";
import { canonicalSearch, searchOf, stepFromSearchParams, viewParams } from "~/features/configurator/view";
import { catalogue } from "./fixture";
import { calculatorOpenHref } from "~/features/configurator/calculator-link";

describe("page view state in the URL", () => {
  it("replaces ?model= by the canonical build and keeps the step and the accessories listing", () => {
    const params = new URLSearchParams("model=GXL&tab=accessories&category=Interior&calculator=1&foo=bar");
    const build = resolveBuild(catalogue(), buildQueryFromSearchParams(params));
    const search = canonicalSearch(build, params);
    expect(search.startsWith("?variant=gxl&")).toBe(true);
    expect(search).not.toContain("model=");
    expect(search).not.toContain("calculator");
    expect(search).not.toContain("foo");
    expect(search.endsWith("&tab=accessories&category=Interior")).toBe(true);
  });

  it("reads the step (default Specs) and writes view parameters after the build", () => {
    expect(stepFromSearchParams(new URLSearchParams("tab=summary"))).toBe("summary");
    expect(stepFromSearchParams(new URLSearchParams("tab=bogus"))).toBe("specs");
    expect(viewParams(new URLSearchParams("tab=interior&x=1"))).toEqual([["tab", "interior"]]);
    expect(searchOf(new URLSearchParams("variant=gx"), [["tab", "summary"]])).toBe("?variant=gx&tab=summary");
    expect(searchOf(new URLSearchParams())).toBe("");
  });
});

describe("the calculator's link", () => {
  it("opens the calculator on the build and its step at 60 months and the buyer type's use, at the modal", () => {
    const build = new URLSearchParams("variant=gxl&colour=red");
    expect(calculatorOpenHref("/au/config/tarrak", build, [["tab", "summary"]], false)).toBe(
      "/au/config/tarrak?variant=gxl&colour=red&tab=summary&calculator=1&term=60&use=Individual#finance-calculator",
    );
    expect(calculatorOpenHref("/au/config/tarrak", build, [], true)).toBe("/au/config/tarrak?variant=gxl&colour=red&calculator=1&term=60&use=Business#finance-calculator");
  });
});
