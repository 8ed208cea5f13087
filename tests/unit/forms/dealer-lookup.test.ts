import { describe, expect, it } from "vitest";
import { dealerGroups, lookupPostcode, typedLookupPostcode } from "~/features/forms/dealer-lookup";

describe("the postcode the dealer lookup uses (issue 25)", () => {
  it("reads 1 to 4 digits with leading zeros: 800 is Darwin's 0800, 110 Whangārei's 0110", () => {
    expect(lookupPostcode("3121")).toBe("3121");
    expect(lookupPostcode(" 800 ")).toBe("0800");
    expect(lookupPostcode("110")).toBe("0110");
    expect(lookupPostcode("0800")).toBe("0800");
    expect(lookupPostcode("8")).toBe("0008");
  });

  it("refuses anything else", () => {
    for (const value of ["", "31210", "31a", "3 12", undefined, null, 800]) expect(lookupPostcode(value)).toBeNull();
  });

  it("while typing: 4 digits at once, a shorter postcode once the field is left with it", () => {
    expect(typedLookupPostcode("3121", null)).toBe("3121");
    expect(typedLookupPostcode("312", null)).toBeNull();
    expect(typedLookupPostcode("800", null)).toBeNull();
    expect(typedLookupPostcode("800", "800")).toBe("0800");
    expect(typedLookupPostcode("800", " 800 ")).toBe("0800");
    // Typing on after leaving: the new value waits until it is complete or left again.
    expect(typedLookupPostcode("80", "800")).toBeNull();
    expect(typedLookupPostcode("80a", "80a")).toBeNull();
  });
});

describe("the dealer select's groups", () => {
  const dealer = (code: string, region: string) => ({ code, name: `Kestrel ${code}`, city: code, region });
  const dealers = [dealer("B", "VIC"), dealer("A", "NSW"), dealer("C", "VIC"), dealer("D", "ACT")];

  it("a placed postcode: its nearby dealers in their order, one list", () => {
    expect(dealerGroups({ postcode: "3121", geocoded: true, pmaDealerCode: null, dealers })).toEqual([{ label: null, dealers }]);
  });

  it("a postcode not placed (every dealer): the PMA dealer first, then a group per State/Region", () => {
    const groups = dealerGroups({ postcode: "3999", geocoded: false, pmaDealerCode: "C", dealers });
    expect(groups.map((g) => [g.label, g.dealers.map((d) => d.code)])).toEqual([
      [null, ["C"]],
      ["ACT", ["D"]],
      ["NSW", ["A"]],
      ["VIC", ["B"]],
    ]);
    expect(dealerGroups({ postcode: "3999", geocoded: false, pmaDealerCode: null, dealers }).map((g) => g.label)).toEqual(["ACT", "NSW", "VIC"]);
  });
});
