// @vitest-environment happy-dom
import { Suspense, type ReactNode } from "react";
import { createRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { blockIsland, Blocks, RootBlock } from "~/blocks/blocks";
import { BlockDataProvider, type BlockDataMap } from "~/components/block-data";
import { blockComponent, blockNamesIn, loadBlocksIn, needsHydration } from "~/blocks/runtime/loading";
import { parseBloks } from "~/blocks/parse";
import type { Blok } from "~/content/schema";
import { StoryProvider } from "~/content/story-context";
import { islandHost, PageProviders, type IslandPage } from "~/features/routing/page-providers";
import { DEFAULT_PAGE_SETTINGS } from "~/features/shell/globals";
import { createIslandRuntime } from "~/islands/hydrate";
import { startIslands } from "~/islands/start";
import { IslandHostProvider, IslandPageScript, IslandRendererProvider, PROPS_ATTRIBUTE, type IslandDefinition, type IslandRenderer } from "~/islands/island";
import { whenEnhanced } from "~/islands/use-hydrated";
import { installIntersectionObserver } from "../support/intersection";
import { onServer } from "../support/server-stub";
import { b, doc } from "./render";

/** A rich-text document whose second node embeds bloks (Storyblok's `blok` node). */
const docWithBloks = (...body: Blok[]) => ({
  type: "doc" as const,
  content: [...doc("Intro.").content, { type: "blok", attrs: { id: "x", body } }],
});

const textContent = (fields: Record<string, unknown> = {}) => b("text-content", { content: doc("Plain words."), ...fields });
const accordion = () => b("accordion", { heading: "FAQ", items: [b("accordion-item", { heading: "Why?", content: "Because." })] });
/** An interactive block: its items expand (state and handlers). */
const grid = (content: unknown = "Roomy.") => b("expanding-grid", { heading: "Explore", items: [b("expanding-grid-item", { heading: "Cabin", content })] });

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

describe("needsHydration (which bloks are islands: their own registry rule only)", () => {
  it("follows the registry's flags; a container without behaviour of its own is not an island", () => {
    expect(needsHydration(textContent())).toBe(false);
    // The FAQ's analytics are document-wide: the accordion itself needs no JavaScript.
    expect(needsHydration(accordion())).toBe(false);
    expect(needsHydration(grid())).toBe(true);
    // A container stays server HTML even with an interactive blok inside: that blok is the island.
    expect(needsHydration(b("page", { body: [textContent(), grid()] }))).toBe(false);
    expect(needsHydration(textContent({ content: docWithBloks(grid()) }))).toBe(false);
    // Unknown components and bloks that failed their schema need nothing.
    expect(needsHydration(b("no-such-block"))).toBe(false);
    expect(needsHydration(parseBloks(b("expanding-grid", { items: "x" }), () => {}))).toBe(false);
  });

  it("makes card blocks islands only for a flipping card or an embedded video", () => {
    const plain = b("card", { heading: "Plain", media: { filename: "/media/a.jpg" } });
    const flipping = b("card", { heading: "Flip", showFlippedContent: true, flippedContent: "Back" });
    const embed = b("card", { heading: "Watch", media: { filename: "https://www.youtube.com/watch?v=abc" } });
    expect(needsHydration(b("cta-cards", { cards: [plain] }))).toBe(false);
    expect(needsHydration(b("cta-cards", { cards: [plain, flipping] }))).toBe(true);
    expect(needsHydration(b("grid-blocks", { items: [embed] }))).toBe(true);
  });

  it("makes hero banners islands as a carousel only: two slides or more", () => {
    const slide = (heading: string) => b("hero-slide", { heading, image: { filename: "/media/a.jpg" } });
    expect(needsHydration(b("hero-banner", { slides: [slide("One")] }))).toBe(false);
    expect(needsHydration(b("hero-banner", { slides: [slide("One"), slide("Two")] }))).toBe(true);
    expect(needsHydration(b("slim-hero-banner", { heading: "Slim" }))).toBe(false);
  });
});

describe("blockNamesIn, loadBlocksIn, loadAppBlocks and blockComponent (which blocks load where)", () => {
  afterEach(() => vi.resetModules());

  it("finds the registered blocks inside a value, itself and rich text included", () => {
    const value = { island: b("page", { body: [textContent({ content: docWithBloks(grid()) }), b("no-such-block")] }) };
    expect([...blockNamesIn(value)].sort()).toEqual(["expanding-grid", "page", "text-content"]);
    expect([...blockNamesIn(null)]).toEqual([]);
  });

  it("knows no component before its block has loaded; <Block> then loads it lazily (a client navigation in an app document)", async () => {
    // Fresh modules: this file's other tests have loaded every block.
    vi.resetModules();
    const loading = await import("~/blocks/runtime/loading");
    const blocks = await import("~/blocks/blocks");
    const blok = parseBloks(grid());
    expect(loading.blockComponent("expanding-grid")).toBeUndefined();
    const container = document.createElement("div");
    document.body.append(container);
    const root = createRoot(container);
    root.render(
      <Suspense fallback={<p>Loading</p>}>
        <blocks.Block blok={blok} />
      </Suspense>,
    );
    await vi.waitFor(() => expect(container.textContent).toContain("Cabin"), { timeout: 15_000 });
    expect(loading.blockComponent("expanding-grid")).toBeTypeOf("function");
    expect(loading.blockComponent("text-content")).toBeUndefined();
    root.unmount();
    container.remove();
    // An island loads what its bloks render before it hydrates.
    await loading.loadBlocksIn({ island: parseBloks(textContent()) });
    expect(loading.blockComponent("text-content")).toBeTypeOf("function");
    await expect(loading.loadBlock("no-such-block")).rejects.toThrow("Unknown block no-such-block");
  });

  it("loadAppBlocks loads the blocks an app document lists, or every block", async () => {
    vi.resetModules();
    let loading = await import("~/blocks/runtime/loading");
    await loading.loadAppBlocks(["hero-banner", 42, null]);
    expect(loading.blockComponent("hero-banner")).toBeTypeOf("function");
    expect(loading.blockComponent("text-content")).toBeUndefined();
    await loading.loadAppBlocks("not a list");
    expect(loading.blockComponent("text-content")).toBeUndefined();
    vi.resetModules();
    loading = await import("~/blocks/runtime/loading");
    await loading.loadAppBlocks(loading.APP_BLOCKS_ALL);
    expect(loading.blockComponent("text-content")).toBeTypeOf("function");
    expect(loading.blockComponent("store-locator")).toBeTypeOf("function");
  }, 60_000);

  it("the modules of this file see every block loaded (tests/unit/support/load-blocks.ts)", async () => {
    await loadBlocksIn(grid());
    expect(blockComponent("expanding-grid")).toBeTypeOf("function");
    expect(blockComponent("text-content")).toBeTypeOf("function");
  });
});

const PAGE: IslandPage = { site: { country: "au" }, settings: DEFAULT_PAGE_SETTINGS, location: { pathname: "/au/test", search: "" } };

/** The server's island renderer (app/entry.server.tsx, without its nonce and failure scope). */
const renderIsland: IslandRenderer = { render: (element, identifierPrefix) => renderToString(element, { identifierPrefix }) };

/** A page's server HTML as the country layout renders it: host, page providers, block data, page script. */
function pageHtml(content: ReactNode, { mode, blockData = {}, renderer = renderIsland }: { mode: "islands" | "app"; blockData?: BlockDataMap; renderer?: IslandRenderer | null }) {
  return onServer(() =>
    renderToString(
      <IslandRendererProvider value={renderer}>
        <IslandHostProvider value={islandHost(mode, PAGE)}>
          <PageProviders page={PAGE}>
            <BlockDataProvider value={blockData}>
              <main>{content}</main>
              <IslandPageScript />
            </BlockDataProvider>
          </PageProviders>
        </IslandHostProvider>
      </IslandRendererProvider>,
    ),
  );
}

function inDocument(html: string): HTMLElement {
  const container = document.createElement("div");
  container.innerHTML = html;
  document.body.append(container);
  return container;
}

interface SentProps {
  blok: Blok;
  position: unknown;
  story: unknown;
  blockData: BlockDataMap;
  form: unknown;
}

function propsOf(container: HTMLElement, island: Element): SentProps {
  const key = island.getAttribute("data-island-props");
  const script = container.querySelector(`script[${PROPS_ATTRIBUTE}="${key}"]`);
  expect(script?.getAttribute("type")).toBe("application/json");
  return JSON.parse(script!.textContent!) as SentProps;
}

describe("<Blocks> on a page of islands", () => {
  afterEach(() => {
    document.body.innerHTML = "";
  });

  it("renders a blok that needs JavaScript as a block island with its props beside it, the rest as plain markup", () => {
    const bloks = parseBloks([textContent(), grid()]);
    const container = inDocument(pageHtml(<Blocks bloks={bloks} />, { mode: "islands" }));
    const [plain, island] = [...container.querySelectorAll<HTMLElement>("main > .blok-spacing")];
    expect(plain!.hasAttribute("data-island")).toBe(false);
    expect(plain!.querySelector(".text-content")?.textContent).toContain("Plain words.");
    expect(island!.getAttribute("data-island")).toBe("block");
    // An expanding grid changes its layout once it runs: it hydrates as it nears the viewport.
    expect(island!.getAttribute("data-island-when")).toBe("visible");
    expect(island!.getAttribute("data-island-props")).toMatch(/^i[a-zA-Z0-9]+-$/);
    // The island's server HTML is inside it; its props follow it.
    expect(island!.querySelector(".expanding-grid")?.textContent).toContain("Cabin");
    expect(island!.nextElementSibling?.matches(`script[${PROPS_ATTRIBUTE}]`)).toBe(true);
    const props = propsOf(container, island!);
    expect(props.blok).toEqual(JSON.parse(JSON.stringify(bloks[1])));
    expect(props.position).toEqual({ index: 1, topLevel: true, opensPage: true });
    expect(props.story).toBeNull();
    expect(props.form).toBeNull();
    // Exactly one island, and the page's values once.
    expect(container.querySelectorAll("[data-island]")).toHaveLength(1);
    expect(JSON.parse(container.querySelector("script[data-island-page]")!.textContent!)).toEqual(PAGE);
  });

  it("makes the interactive bloks inside a static container islands each, and an island's inner bloks part of it", () => {
    const inner = grid();
    const outer = grid(docWithBloks(inner));
    const root = parseBloks(b("page", { body: [textContent({ content: docWithBloks(grid()) }), outer] }));
    const container = inDocument(pageHtml(<RootBlock blok={root} />, { mode: "islands" }));
    const root_ = container.querySelector(".blok-root")!;
    expect(root_.hasAttribute("data-island")).toBe(false);
    const islands = [...container.querySelectorAll("[data-island]")];
    // The grid in the text's rich text and the outer grid; the grid inside the outer one is not a root.
    expect(islands).toHaveLength(2);
    expect(islands[0]!.closest(".text-content")).not.toBeNull();
    expect(propsOf(container, islands[1]!).blok._uid).toBe(outer._uid);
    expect(islands[1]!.querySelectorAll(".expanding-grid")).toHaveLength(2);
    expect(container.querySelectorAll(`script[${PROPS_ATTRIBUTE}]`)).toHaveLength(2);
  });

  it("sends each island its own share of the page's block data only", () => {
    const inner = textContent();
    const island = parseBloks(b("side-by-side-blocks", { items: [b("side-by-side-item", { heading: "Side", content: docWithBloks(inner) })] }));
    const plain = parseBloks(textContent());
    const blockData = { [island._uid]: { own: "data" }, [inner._uid]: null, [plain._uid]: { secret: "not sent" }, elsewhere: { not: "sent" } };
    const container = inDocument(pageHtml(<Blocks bloks={[plain, island]} />, { mode: "islands", blockData }));
    const [element] = [...container.querySelectorAll("[data-island]")];
    expect(propsOf(container, element!).blockData).toEqual({ [island._uid]: { own: "data" }, [inner._uid]: null });
    expect(container.innerHTML).not.toContain("not sent");
  });

  it("carries the story's metadata in the island's props", () => {
    const story = { id: 7, uuid: "u-7", full_slug: "au/test", first_published_at: "2026-01-01T00:00:00.000Z", published_at: null };
    const container = inDocument(
      pageHtml(
        <StoryProvider story={story}>
          <Blocks bloks={parseBloks([grid()])} />
        </StoryProvider>,
        { mode: "islands" },
      ),
    );
    expect(propsOf(container, container.querySelector("[data-island]")!).story).toEqual(story);
  });

  it("renders plain markup, with no island or props, on a page that hydrates as one app", () => {
    const bloks = parseBloks([textContent(), grid()]);
    const container = inDocument(pageHtml(<Blocks bloks={bloks} />, { mode: "app" }));
    expect(container.querySelector("[data-island]")).toBeNull();
    expect(container.querySelector("script")).toBeNull();
    const [plain, interactive] = [...container.querySelectorAll<HTMLElement>("main > .blok-spacing")];
    expect(plain!.textContent).toContain("Plain words.");
    expect(interactive!.querySelector(".expanding-grid")?.textContent).toContain("Cabin");
  });
});

describe("a block island in the browser (app/entry.islands.ts's loader)", () => {
  afterEach(() => {
    document.body.innerHTML = "";
    delete document.documentElement.dataset.hydrated;
    delete window.__islands;
    vi.restoreAllMocks();
  });

  it("hydrates from its props alone, with the server's ids, and leaves the static HTML as it was", async () => {
    const bloks = parseBloks([textContent(), grid()]);
    const container = inDocument(pageHtml(<Blocks bloks={bloks} />, { mode: "islands" }));
    // From here on, the browser (a mismatch or an island's failure is reported through console.error).
    const errors = vi.spyOn(console, "error");
    const staticText = container.querySelector(".text-content p");
    const island = container.querySelector<HTMLElement>("[data-island]")!;
    const labelledBy = island.querySelector("section")?.getAttribute("aria-labelledby");
    expect(labelledBy).toBeTruthy();
    const loaded: unknown[] = [];
    const observer = installIntersectionObserver({ immediate: true });
    startIslands({
      loaders: {
        block: async (props) => {
          loaded.push(props);
          await loadBlocksIn((props as { blok: unknown }).blok);
          return blockIsland as IslandDefinition<unknown>;
        },
      },
      runtime: async () => createIslandRuntime<IslandPage>((children, page) => <PageProviders page={page}>{children}</PageProviders>),
    });
    await vi.waitFor(() => expect(document.documentElement.dataset.hydrated).toBe("true"), { timeout: 10_000 });
    await whenEnhanced();
    expect(island.hasAttribute("data-island-ready")).toBe(true);
    expect(loaded).toEqual([propsOf(container, island)]);
    // Enhanced: the panels' headings became buttons, the heading keeps the id the server gave it.
    await vi.waitFor(() => expect(island.querySelector(".expanding-grid--ready .expanding-grid__toggle")).not.toBeNull());
    expect(island.querySelector("section")?.getAttribute("aria-labelledby")).toBe(labelledBy);
    expect(document.getElementById(labelledBy!)).not.toBeNull();
    expect(container.querySelector(".text-content p")).toBe(staticText);
    expect(errors).not.toHaveBeenCalled();
    observer.restore();
  });
});
