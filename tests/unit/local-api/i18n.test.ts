import { afterAll, describe, expect, it } from "vitest";
import { stripI18nKeys, translateContent } from "~/content/local-api/i18n";
import { apiFor, get, removeDir, slugsOf, storyFiles } from "./content-fixture";

const { handler, dir } = apiFor(
  storyFiles(
    {
      id: 1,
      full_slug: "home",
      content: {
        title: "Australia",
        title__i18n__nz: "New Zealand",
        intro: "Kept",
        intro__i18n__nz: "",
        note: "Kept too",
        note__i18n__nz: null,
        list: ["au"],
        list__i18n__nz: [],
        only__i18n__nz: "Only in NZ",
        sort_key: "b",
        sort_key__i18n__nz: "z",
        body: [
          {
            _uid: "b1",
            component: "hero-banner",
            heading: "G'day",
            heading__i18n__nz: "Kia ora",
            items: [{ _uid: "i1", component: "item", label: "Deep", label__i18n__nz: "Deep NZ" }],
          },
        ],
      },
    },
    {
      id: 2,
      full_slug: "other",
      content: { title: "Other", sort_key: "m", sort_key__i18n__nz: "a" },
      draft: { content: { _uid: "root-2", component: "page", title: "Draft", title__i18n__nz: "Draft NZ" } },
    },
  ),
);
afterAll(() => removeDir(dir));

describe("language=<code>", () => {
  it("replaces fields with non-empty translations at any depth", async () => {
    const { content } = (await get(handler, "stories/home?language=nz")).body.story;
    expect(content.title).toBe("New Zealand");
    expect(content.only).toBe("Only in NZ");
    expect(content.body[0].heading).toBe("Kia ora");
    expect(content.body[0].items[0].label).toBe("Deep NZ");
  });

  it("keeps the original when the translation is empty, null or an empty array", async () => {
    const { content } = (await get(handler, "stories/home?language=nz")).body.story;
    expect(content.intro).toBe("Kept");
    expect(content.note).toBe("Kept too");
    expect(content.list).toEqual(["au"]);
  });

  it("removes every __i18n__ key, with or without language", async () => {
    for (const query of ["", "?language=nz", "?language=au", "?language=default"]) {
      const res = await get(handler, `stories/home${query}`);
      expect(JSON.stringify(res.body), query).not.toContain("__i18n__");
    }
    const plain = (await get(handler, "stories/home")).body.story.content;
    expect(plain.title).toBe("Australia");
    expect(plain).not.toHaveProperty("only");
  });

  it("applies to draft content too", async () => {
    const res = await get(handler, "stories/other?version=draft&language=nz");
    expect(res.body.story.content.title).toBe("Draft NZ");
  });

  it("lets filters and sorts see translated values", async () => {
    expect(slugsOf((await get(handler, "stories?language=nz&filter_query[title][in]=New%20Zealand")).body)).toEqual([
      "nz/home",
    ]);
    expect(slugsOf((await get(handler, "stories?filter_query[title][in]=New%20Zealand")).body)).toEqual([]);
    expect(slugsOf((await get(handler, "stories?sort_by=content.sort_key:asc")).body)).toEqual(["home", "other"]);
    expect(slugsOf((await get(handler, "stories?language=nz&sort_by=content.sort_key:asc")).body)).toEqual([
      "nz/other",
      "nz/home",
    ]);
  });

  it("translates list responses", async () => {
    const res = await get(handler, "stories?language=nz");
    expect(res.body.stories.map((s: { content: { title: string } }) => s.content.title)).toEqual([
      "New Zealand",
      "Other",
    ]);
  });
});

describe("i18n functions (pure)", () => {
  it("does not mutate the input", () => {
    const input = { a: "x", a__i18n__nz: "y", nested: { b: "1", b__i18n__nz: "2" } };
    const copy = structuredClone(input);
    const translated = translateContent(input, "nz");
    expect(translated).toEqual({ a: "y", a__i18n__nz: "y", nested: { b: "2", b__i18n__nz: "2" } });
    expect(stripI18nKeys(translated)).toEqual({ a: "y", nested: { b: "2" } });
    expect(input).toEqual(copy);
  });
});
