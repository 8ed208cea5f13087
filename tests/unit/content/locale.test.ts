import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { localeAllows, localeFilterQuery } from "~/content/locale";
import { listingParams } from "~/features/news/listing";
import { modelsForCountry } from "~/features/seo/vehicle";

const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? files(file) : /\.tsx?$/.test(name) ? [file] : [];
  });

describe("the locale rule", () => {
  it("shows empty, both and the country's own locale; hides the other country's", () => {
    for (const country of ["au", "nz"]) {
      for (const locale of [undefined, null, "", "both", country]) expect(localeAllows(locale, country)).toBe(true);
    }
    expect(localeAllows("au", "nz")).toBe(false);
    expect(localeAllows("nz", "au")).toBe(false);
    expect(localeAllows("xx", "au")).toBe(false);
  });

  it("is the content API filter of the news and events listings", () => {
    expect(localeFilterQuery("nz")).toEqual({ __or: [{ locale: { in: "nz,both" } }, { locale: { is: "empty" } }] });
    const params = listingParams("news", "au", { page: 1, category: "" });
    expect(JSON.stringify(params)).toContain(JSON.stringify(localeFilterQuery("au").__or));
  });

  it("keeps an NZ model with an AU locale out of NZ's structured data", () => {
    const model = (uuid: string, locale?: string) => ({ uuid, content: { component: "model-nz", locale } });
    const kept = modelsForCountry([model("a"), model("b", "au"), model("c", "both"), model("d", "nz")] as never[], "nz");
    expect(kept.map((m: { uuid: string }) => m.uuid)).toEqual(["a", "c", "d"]);
  });

  it("is written once", () => {
    const copies = files("app")
      .map((file) => file.split(path.sep).join("/"))
      .filter((file) => file !== "app/content/locale.ts")
      .filter((file) => /locale === "both"|,both`/.test(readFileSync(file, "utf8")));
    expect(copies).toEqual([]);
  });
});
