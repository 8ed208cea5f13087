import { describe, expect, it } from "vitest";
import { compareNames, compareText } from "~/lib/collate";

const words = ["Tarrak GX", "tarrak gx", "Tarrák GX", "Tarrak-GX", "Tarrak 2", "Mirra", "mirra", "Corvale", "Ōtaki", "Zed", "", "a b", "ab", "A_b"];
const sign = (n: number) => Math.sign(n);

describe("collation", () => {
  it("orders as localeCompare with the same options", () => {
    for (const a of words) {
      for (const b of words) {
        expect(sign(compareNames(a, b)), `${a} | ${b}`).toBe(sign(a.localeCompare(b, "en", { sensitivity: "base" })));
        expect(sign(compareText(a, b)), `${a} | ${b}`).toBe(sign(a.localeCompare(b, "en")));
      }
    }
  });
  it("names ignore case and accents; text breaks those ties", () => {
    expect(compareNames("Tarrak GX", "tarrák gx")).toBe(0);
    expect(compareText("Tarrak GX", "tarrak gx")).not.toBe(0);
  });
});
