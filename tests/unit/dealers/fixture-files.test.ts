import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseDealersCsv, parseGazetteerCsv, parsePmaCsv } from "~/features/dealers";

// The fixture CSVs are content (content-fixtures/assets): these checks assert that they load
// cleanly and cover both countries.
const assets = path.resolve("content-fixtures", "assets");
const read = (name: string) => readFileSync(path.join(assets, name), "utf8");

describe("fixture dealers.csv", () => {
  it("parses without skipped rows and yields dealers", () => {
    const { dealers, errors } = parseDealersCsv(read("dealers.csv"));
    expect(errors).toEqual([]);
    expect(dealers.length).toBeGreaterThan(0);
  });
});

describe("fixture pma.csv", () => {
  it("parses without skipped rows", () => {
    const { pma, errors } = parsePmaCsv(read("pma.csv"));
    expect(errors).toEqual([]);
    expect(pma.size).toBeGreaterThan(0);
  });
});

describe("fixture postcodes.csv", () => {
  it("yields localities", () => {
    expect(parseGazetteerCsv(read("postcodes.csv")).gazetteer.length).toBeGreaterThan(0);
  });
});
