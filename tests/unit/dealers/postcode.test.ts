import { describe, expect, it } from "vitest";
import { inputPostcode, normalisePostcode, resolvePlace } from "~/features/dealers";
import { GAZETTEER } from "./fixtures";

describe("inputPostcode: a visitor's postcode, 1 to 4 digits read with leading zeros (issue 25)", () => {
  it.each([
    ["3121", "3121"],
    [" 800 ", "0800"],
    ["110", "0110"],
    ["80", "0080"],
    ["8", "0008"],
    ["0800", "0800"],
    ["31210", null],
    ["31a", null],
    ["3 12", null],
    ["", null],
    [null, null],
  ])("%j → %j", (input, expected) => {
    expect(inputPostcode(input)).toBe(expected);
  });

  it("is the form's rule, wider than a data file's (1 or 2 digits there is a broken row)", () => {
    expect(normalisePostcode("80")).toBeNull();
    expect(inputPostcode("80")).toBe("0080");
  });

  it("the locator search reads a 3-digit postcode with its leading zero, in both countries", () => {
    expect(resolvePlace("800", "au", { gazetteer: GAZETTEER })).toMatchObject({ postcode: "0800", label: "Darwin, NT 0800" });
    expect(resolvePlace("110", "nz", { gazetteer: GAZETTEER })).toMatchObject({ postcode: "0110" });
  });
});
