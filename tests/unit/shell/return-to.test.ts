import { describe, expect, it } from "vitest";
import { safeReturnTo } from "~/features/site-state/return-to";

describe("safeReturnTo", () => {
  it("accepts paths of this site, with query and hash", () => {
    expect(safeReturnTo("/au/offers")).toBe("/au/offers");
    expect(safeReturnTo("/nz/news?page=2#list")).toBe("/nz/news?page=2#list");
    expect(safeReturnTo("/")).toBe("/");
  });

  it.each([
    ["//evil.example/x"],
    ["/\\evil.example"],
    ["https://evil.example/"],
    ["javascript:alert(1)"],
    ["evil.example"],
    ["/\tevil"],
    ["/..//evil.example"],
    ["/./\\evil.example"],
    [""],
  ])("refuses %j", (value) => {
    expect(safeReturnTo(value, "/au")).toBe("/au");
  });

  it("gives the fallback for anything that is not a string", () => {
    expect(safeReturnTo(null, "/nz")).toBe("/nz");
    expect(safeReturnTo(undefined)).toBe("/");
    expect(safeReturnTo(["/au"])).toBe("/");
  });

  it("normalises dot segments without leaving the site", () => {
    expect(safeReturnTo("/au/../nz/offers")).toBe("/nz/offers");
    expect(safeReturnTo("/au/%2F%2Fevil.example")).toBe("/au/%2F%2Fevil.example");
  });
});
