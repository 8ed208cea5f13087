import { describe, expect, it } from "vitest";
import { ParamError } from "~/content/local-api/errors";
import { compareDefault, createComparator, parseSortBy } from "~/content/local-api/sort";

const subject = (id: number, position: number, fullSlug: string, content: Record<string, string | null> = {}) => ({
  story: { id, position, full_slug: fullSlug },
  content,
});

describe("sort functions (pure)", () => {
  it("parses chained keys with casts and null placement", () => {
    expect(parseSortBy("content.price:desc:float,name")).toEqual([
      { source: "content", path: ["price"], direction: -1, cast: "float", nullsFirst: false },
      { source: "story", path: ["name"], direction: 1, cast: "string", nullsFirst: false },
    ]);
    expect(parseSortBy("position:asc:int:nulls_first")[0]?.nullsFirst).toBe(true);
    expect(() => parseSortBy("name:upward")).toThrow(ParamError);
    expect(() => parseSortBy("name:asc:int:float")).toThrow(ParamError);
  });

  it("default order is position, then full_slug, then id", () => {
    const items = [subject(3, 1, "a"), subject(2, 0, "b"), subject(1, 0, "b"), subject(4, 0, "a")];
    expect([...items].sort(compareDefault).map((s) => s.story.id)).toEqual([4, 1, 2, 3]);
  });

  it("nulls last by default, first with :nulls_first, ties broken by the default order", () => {
    const items = [subject(1, 0, "a", { v: null }), subject(2, 0, "b", { v: "2" }), subject(3, 0, "c", { v: "2" })];
    const last = [...items].sort(createComparator(parseSortBy("content.v:desc")));
    expect(last.map((s) => s.story.id)).toEqual([2, 3, 1]);
    const first = [...items].sort(createComparator(parseSortBy("content.v:desc:nulls_first")));
    expect(first.map((s) => s.story.id)).toEqual([1, 2, 3]);
  });
});
