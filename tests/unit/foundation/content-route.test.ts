import { describe, expect, it } from "vitest";
import * as catchAll from "~/routes/$country.$";
import * as finance from "~/routes/$country.finance";
import { ContentRoute } from "~/pages/content-page";

describe("the routes that render a content page with forms", () => {
  it("share one route component: the story, the forms' action and its answer are read in one place", () => {
    expect(catchAll.default).toBe(ContentRoute);
    expect(finance.default).toBe(ContentRoute);
  });
});
