import { afterAll, describe, expect, it } from "vitest";
import { matchesFilterQuery, parseFilterQuery } from "~/content/local-api/filter";
import { apiFor, get, removeDir, slugsOf, storyFiles } from "./content-fixture";

const { handler, dir } = apiFor(
  storyFiles(
    {
      id: 1,
      full_slug: "a",
      content: {
        component: "article",
        title: "Mars Mysteries",
        category: "space",
        tags: ["x", "y"],
        featured: true,
        subtitle: "",
        empty_list: [],
        nothing: null,
        date: "2024-05-01 10:00",
        count: "5",
        price: "19.99",
        seo: { description: "About Mars" },
        body: [{ _uid: "b1", component: "text", name: "intro" }],
      },
    },
    {
      id: 2,
      full_slug: "b",
      content: {
        component: "article",
        title: "Venus",
        category: "planets",
        tags: ["y"],
        featured: false,
        subtitle: "Second",
        empty_list: ["item"],
        nothing: "something",
        date: "2023-01-01 08:30",
        count: 12,
        price: 7.5,
        seo: { description: "" },
        body: [{ _uid: "b2", component: "text", name: "outro" }],
      },
    },
    { id: 3, full_slug: "c", content: { component: "category", title: "Space stuff" } },
  ),
);
afterAll(() => removeDir(dir));

async function slugs(query: string): Promise<string[]> {
  const res = await get(handler, `stories?${query}`);
  expect(res.status, query).toBe(200);
  return slugsOf(res.body);
}

describe("filter_query operations", () => {
  it("is: empty / not_empty (missing fields count as empty)", async () => {
    expect(await slugs("filter_query[subtitle][is]=empty")).toEqual(["a", "c"]);
    expect(await slugs("filter_query[subtitle][is]=not_empty")).toEqual(["b"]);
  });

  it("is: true / false", async () => {
    expect(await slugs("filter_query[featured][is]=true")).toEqual(["a"]);
    expect(await slugs("filter_query[featured][is]=false")).toEqual(["b"]);
  });

  it("is: null / not_null", async () => {
    expect(await slugs("filter_query[nothing][is]=null")).toEqual(["a", "c"]);
    expect(await slugs("filter_query[nothing][is]=not_null")).toEqual(["b"]);
  });

  it("is: empty_array / not_empty_array", async () => {
    expect(await slugs("filter_query[empty_list][is]=empty_array")).toEqual(["a"]);
    expect(await slugs("filter_query[empty_list][is]=not_empty_array")).toEqual(["b"]);
  });

  it("in / not_in with comma lists", async () => {
    expect(await slugs("filter_query[category][in]=space,planets")).toEqual(["a", "b"]);
    expect(await slugs("filter_query[category][in]=space")).toEqual(["a"]);
    expect(await slugs("filter_query[category][not_in]=space")).toEqual(["b", "c"]);
    expect(await slugs("filter_query[featured][in]=true")).toEqual(["a"]);
  });

  it("like / not_like with * wildcards, substring without *", async () => {
    expect(await slugs("filter_query[title][like]=Mars*")).toEqual(["a"]);
    expect(await slugs("filter_query[title][like]=*us")).toEqual(["b"]);
    expect(await slugs("filter_query[title][like]=*ster*")).toEqual(["a"]);
    expect(await slugs("filter_query[title][like]=Myst")).toEqual(["a"]);
    expect(await slugs("filter_query[title][like]=mars*")).toEqual([]);
    expect(await slugs("filter_query[title][not_like]=Mars*")).toEqual(["b", "c"]);
    expect(await slugs("filter_query[title][like]=Venus,Space*")).toEqual(["b", "c"]);
  });

  it("any_in_array / all_in_array", async () => {
    expect(await slugs("filter_query[tags][any_in_array]=x,z")).toEqual(["a"]);
    expect(await slugs("filter_query[tags][any_in_array]=y")).toEqual(["a", "b"]);
    expect(await slugs("filter_query[tags][all_in_array]=x,y")).toEqual(["a"]);
    expect(await slugs("filter_query[tags][all_in_array]=y")).toEqual(["a", "b"]);
  });

  it("gt_date / lt_date", async () => {
    expect(await slugs("filter_query[date][gt_date]=2024-01-01%2000:00")).toEqual(["a"]);
    expect(await slugs("filter_query[date][lt_date]=2024-01-01%2000:00")).toEqual(["b"]);
    expect(await slugs("filter_query[date][gt_date]=2023-01-01%2008:29")).toEqual(["a", "b"]);
  });

  it("gt_int / lt_int (numbers stored as strings too)", async () => {
    expect(await slugs("filter_query[count][gt_int]=6")).toEqual(["b"]);
    expect(await slugs("filter_query[count][lt_int]=6")).toEqual(["a"]);
  });

  it("gt_float / lt_float", async () => {
    expect(await slugs("filter_query[price][gt_float]=10.5")).toEqual(["a"]);
    expect(await slugs("filter_query[price][lt_float]=10.5")).toEqual(["b"]);
  });

  it("combines several conditions with AND", async () => {
    expect(await slugs("filter_query[category][in]=space,planets&filter_query[featured][is]=false")).toEqual(["b"]);
  });

  it("__or alternatives", async () => {
    expect(await slugs("filter_query[__or][][category][in]=space&filter_query[__or][][title][like]=Space*")).toEqual([
      "a",
      "c",
    ]);
    expect(
      await slugs(
        "filter_query[component][in]=article&filter_query[__or][][category][in]=space&filter_query[__or][][title][like]=Space*",
      ),
    ).toEqual(["a"]);
  });

  it("indexed __or groups AND their own conditions", async () => {
    const query =
      "filter_query[__or][0][category][in]=space&filter_query[__or][0][featured][is]=false&filter_query[__or][1][title][in]=Venus";
    expect(await slugs(query)).toEqual(["b"]);
  });

  it("dotted field paths and array indexes", async () => {
    expect(await slugs("filter_query[seo.description][is]=not_empty")).toEqual(["a"]);
    expect(await slugs("filter_query[body.0.name][in]=outro")).toEqual(["b"]);
  });

  it("component is filterable", async () => {
    expect(await slugs("filter_query[component][in]=category")).toEqual(["c"]);
    expect(await slugs("filter_query[component][not_in]=category")).toEqual(["a", "b"]);
  });

  it("accepts %5B%5D-encoded brackets", async () => {
    expect(await slugs("filter_query%5Bcategory%5D%5Bin%5D=space")).toEqual(["a"]);
    expect(await slugs("filter_query%5B__or%5D%5B%5D%5Bcategory%5D%5Bin%5D=planets")).toEqual(["b"]);
  });

  it("rejects unknown operations, bad values and malformed keys with 400", async () => {
    for (const query of [
      "filter_query[title][matches]=x",
      "filter_query[title][is]=weird",
      "filter_query[count][gt_int]=abc",
      "filter_query[price][gt_float]=1.2.3",
      "filter_query[date][gt_date]=yesterday",
      "filter_query[title]=x",
      "filter_query=x",
      "filter_query[__or][title][in]=x",
    ]) {
      const res = await get(handler, `stories?${query}`);
      expect(res.status, query).toBe(400);
      expect(typeof res.body.error).toBe("string");
    }
  });
});

describe("filter functions (pure)", () => {
  it("parses and evaluates without I/O", () => {
    const query = parseFilterQuery([
      ["filter_query[a.b][in]", "1,2"],
      ["token", "ignored"],
    ]);
    expect(matchesFilterQuery({ a: { b: 2 } }, query)).toBe(true);
    expect(matchesFilterQuery({ a: { b: 3 } }, query)).toBe(false);
    expect(matchesFilterQuery({}, query)).toBe(false);
  });

  it("supports the older in_array name", () => {
    const query = parseFilterQuery([["filter_query[tags][in_array]", "a"]]);
    expect(matchesFilterQuery({ tags: ["a"] }, query)).toBe(true);
  });
});
