// @vitest-environment happy-dom
import { act } from "@testing-library/react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { createRemixStub } from "@remix-run/testing";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Blocks, RootBlock } from "~/blocks/blocks";
import { blocksToHydrate, needsHydration, prepareHydration } from "~/blocks/runtime/loading";
import { deepFreeze } from "~/content/cache.server";
import { hydrationFinished, isHydrating } from "~/blocks/runtime/hydration-state";
import { parseBloks } from "~/blocks/parse";
import type { Blok } from "~/content/schema";
import { SiteProvider } from "~/features/site-state/site-context";
import { b, doc } from "./render";

afterEach(() => hydrationFinished());

/** A rich-text document whose second node embeds bloks (Storyblok's `blok` node). */
const docWithBloks = (...body: Blok[]) => ({
  type: "doc" as const,
  content: [...doc("Intro.").content, { type: "blok", attrs: { id: "x", body } }],
});

const textContent = (fields: Record<string, unknown> = {}) => b("text-content", { content: doc("Plain words."), ...fields });
const accordion = () => b("accordion", { heading: "FAQ", items: [b("accordion-item", { heading: "Why?", content: "Because." })] });
/** An interactive block: its items expand (state and handlers). */
const grid = () => b("expanding-grid", { heading: "Explore", items: [b("expanding-grid-item", { heading: "Cabin", content: "Roomy." })] });

describe("parseBloks (the server parses content once, when it reads it)", () => {
  it("applies each block's schema at any depth and leaves everything else alone", () => {
    const card = b("card", { heading: "Card", span: "2" });
    const input = { story: { content: b("page", { body: [b("grid-blocks", { items: [card] })] }) }, other: { span: "2" } };
    const out = parseBloks(input);
    const grid = (out.story.content.body as Blok[])[0] as unknown as { items: { span: unknown }[] };
    // The card's number field arrives as Storyblok stores it ("2") and leaves as a number.
    expect(grid.items[0]!.span).toBe(2);
    expect(out.other.span).toBe("2");
    // The input is not changed.
    expect(card.span).toBe("2");
  });

  it("parses bloks inside rich text, and never hands on a blok that fails its schema", () => {
    const broken = b("stats-banner", { theme: 42, locale: "au", items: [] });
    const reports: unknown[] = [];
    const out = parseBloks(textContent({ content: docWithBloks(broken) }), (blok, issues) => reports.push({ blok, issues }));
    const embedded = (out.content as { content: { attrs?: { body: unknown[] } }[] }).content[1]!.attrs!.body[0];
    // Only the fields every blok has stay, with what did not match (the editor's notice).
    expect(embedded).toEqual({ _uid: broken._uid, component: "stats-banner", locale: "au", _invalid: [expect.stringMatching(/^theme: /)] });
    expect(reports).toEqual([{ blok: { _uid: broken._uid, component: "stats-banner" }, issues: [expect.stringMatching(/^theme: /)] }]);
  });
});

describe("needsHydration (which bloks need JavaScript)", () => {
  it("follows the registry's flags, nested bloks and rich text", () => {
    expect(needsHydration(textContent())).toBe(false);
    // The FAQ's analytics are document-wide: the accordion itself needs no JavaScript.
    expect(needsHydration(accordion())).toBe(false);
    expect(needsHydration(grid())).toBe(true);
    // A container hydrates when something inside it does, also through rich text.
    expect(needsHydration(b("page", { body: [textContent(), grid()] }))).toBe(true);
    expect(needsHydration(b("page", { body: [textContent(), accordion()] }))).toBe(false);
    expect(needsHydration(textContent({ content: docWithBloks(grid()) }))).toBe(true);
    // Unknown components need nothing.
    expect(needsHydration(b("no-such-block"))).toBe(false);
  });

  it("hydrates card blocks only for a flipping card or an embedded video", () => {
    const plain = b("card", { heading: "Plain", media: { filename: "/media/a.jpg" } });
    const flipping = b("card", { heading: "Flip", showFlippedContent: true, flippedContent: "Back" });
    const embed = b("card", { heading: "Watch", media: { filename: "https://www.youtube.com/watch?v=abc" } });
    expect(needsHydration(b("cta-cards", { cards: [plain] }))).toBe(false);
    expect(needsHydration(b("cta-cards", { cards: [plain, flipping] }))).toBe(true);
    expect(needsHydration(b("grid-blocks", { items: [embed] }))).toBe(true);
  });
});

describe("hero banners", () => {
  it("hydrate as a carousel only: two slides or more", () => {
    const slide = (heading: string) => b("hero-slide", { heading, image: { filename: "/media/a.jpg" } });
    expect(needsHydration(b("hero-banner", { slides: [slide("One")] }))).toBe(false);
    expect(needsHydration(b("hero-banner", { slides: [slide("One"), slide("Two")] }))).toBe(true);
    expect(needsHydration(b("slim-hero-banner", { heading: "Slim" }))).toBe(false);
  });
});

describe("blocksToHydrate and prepareHydration (the chunks loaded before hydration)", () => {
  it("finds the blocks that need JavaScript and the containers around them, nothing inside an island", async () => {
    const data = [{ preview: null }, { story: { content: b("page", { body: [textContent(), grid()] }) } }];
    expect(blocksToHydrate(data)).toEqual(["expanding-grid", "page"]);
    const still = { story: { content: b("page", { body: [textContent({ content: docWithBloks(b("stats-banner")) })] }) } };
    expect(blocksToHydrate(still)).toEqual([]);
  });

  it("gives the same names for content from the content cache (frozen; remembered per story)", () => {
    const content = b("page", { body: [textContent(), grid()] });
    const plain = blocksToHydrate([{ story: { content } }]);
    const frozen = deepFreeze(structuredClone(content));
    // Per-request loader data around a cached (frozen) story, as loaders return it.
    expect(blocksToHydrate([{ preview: null }, { story: { content: frozen } }])).toEqual(plain);
    expect(blocksToHydrate({ again: frozen, other: b("stats-banner") })).toEqual(blocksToHydrate({ again: content, other: b("stats-banner") }));
    expect(blocksToHydrate(deepFreeze({ story: { content: b("page", { body: [textContent()] }) } }))).toEqual([]);
  });

  it("loads them and marks hydration; every block in the visual editor's preview", async () => {
    expect(await prepareHydration(["expanding-grid", "page", "no-such-block"])).toEqual(["expanding-grid", "page"]);
    expect(isHydrating()).toBe(true);
    hydrationFinished();
    expect(isHydrating()).toBe(false);
    const names = await prepareHydration("all");
    expect(names).toContain("hero-banner");
    expect(names).toContain("text-content");
  });
});

describe("hydration keeps the server HTML of bloks without behaviour", () => {
  function app(bloks: Blok[], root?: Blok) {
    const Stub = createRemixStub([
      {
        path: "/",
        Component: () => <SiteProvider value={{ country: "au" }}>{root ? <RootBlock blok={root} /> : <Blocks bloks={bloks} />}</SiteProvider>,
      },
    ]);
    return <Stub />;
  }

  it("hydrates interactive bloks and leaves islands untouched", async () => {
    const bloks = parseBloks([textContent(), grid()]);
    const container = document.createElement("div");
    container.innerHTML = renderToString(app(bloks));
    document.body.append(container);
    const [island, live] = [...container.querySelectorAll<HTMLElement>(".blok-spacing")];
    expect(island!.hasAttribute("data-island")).toBe(true);
    expect(live!.hasAttribute("data-island")).toBe(false);
    const islandHtml = island!.innerHTML;
    const islandText = island!.querySelector("p");

    await prepareHydration(blocksToHydrate(bloks));
    const errors = vi.fn();
    await act(async () => {
      hydrateRoot(container, app(bloks), { onRecoverableError: errors });
    });
    hydrationFinished();
    expect(errors).not.toHaveBeenCalled();
    // The island is the very same DOM the server sent; the grid is hydrated with its content.
    expect(island!.innerHTML).toBe(islandHtml);
    expect(island!.querySelector("p")).toBe(islandText);
    expect(live!.textContent).toContain("Cabin");
    container.remove();
  });

  it("keeps a whole page's HTML when nothing in it needs JavaScript", async () => {
    const root = parseBloks(b("page", { body: [textContent()] }));
    const container = document.createElement("div");
    container.innerHTML = renderToString(app([], root));
    const html = container.innerHTML;
    expect(blocksToHydrate(root)).toEqual([]);
    await prepareHydration([]);
    const errors = vi.fn();
    await act(async () => {
      hydrateRoot(container, app([], root), { onRecoverableError: errors });
    });
    expect(errors).not.toHaveBeenCalled();
    expect(container.innerHTML).toBe(html);
    expect(container.querySelector(".blok-root[data-island] .text-content")).not.toBeNull();
  });
});
