// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from "vitest";
import { islandPropsElement, readIslandPage, readJson, scriptJson } from "~/islands/island-dom";

afterEach(() => {
  document.body.innerHTML = "";
});

describe("the islands' data is found by element and type, not by an id content can take", () => {
  it("an anchor or element of the content named like the islands' data does not take its place", () => {
    document.body.innerHTML = [
      // What rich text can render: an anchor with any id, elements with any text.
      '<p><a id="island-page" href="#x">{"theme":"content"}</a></p>',
      '<div data-island-for="k1">{"name":"content"}</div>',
      '<script type="text/plain" data-island-page>{"theme":"plain"}</script>',
      '<div data-island="greeting" data-island-props="k1"></div>',
      `<script type="application/json" data-island-for="k1">${scriptJson({ name: "Ada" })}</script>`,
      `<script type="application/json" data-island-page>${scriptJson({ theme: "dark" })}</script>`,
    ].join("");
    expect(readIslandPage<{ theme: string }>()).toEqual({ theme: "dark" });
    expect(readJson(islandPropsElement("k1"))).toEqual({ name: "Ada" });
    expect(islandPropsElement('k1"], a[id')).toBeNull();
  });

  it("is nothing on a page without islands", () => {
    document.body.innerHTML = '<a id="island-page">x</a>';
    expect(readIslandPage()).toBeNull();
    expect(islandPropsElement("k1")).toBeNull();
  });
});
