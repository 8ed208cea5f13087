// @vitest-environment happy-dom
// Issue 25 item 8: one malformed blok never takes its page down. The story is test-only: it is
// written to its own content folder (CONTENT_DIR may point at any content set, CONTENT_MODEL.md
// section 1) and served by the local content API, so it is never in the shipped fixtures, the
// sitemap or the axe walk.
import "../support/load-blocks";
import { mkdtempSync, readFileSync, mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createRemixStub } from "@remix-run/testing";
import { act } from "@testing-library/react";
import type { ReactNode } from "react";
import { hydrateRoot } from "react-dom/client";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { RootBlock } from "~/blocks/blocks";
import { BLOK_NOTICE_LABEL, BlokNoticesContext } from "~/blocks/failures";
import { isInvalidBlok } from "~/blocks/invalid";
import { blockSchemas } from "~/blocks/schemas";
import type { Blok, Country, Story } from "~/content/schema";
import { StoryProvider } from "~/content/story-context";
import { SiteProvider } from "~/features/site-state/site-context";
import { islandHost } from "~/features/routing/page-providers";
import { DEFAULT_PAGE_SETTINGS } from "~/features/shell/globals";
import { IslandHostProvider } from "~/islands/island";
import { allowConsoleError, expectConsoleError } from "../support/console-check";
import { createServerStub, onServer } from "../support/server-stub";
import { doc, parse } from "./render";

const SLUG = "test/malformed-bloks";
/** Content types: a story's root, not a block of a page. */
const CONTENT_TYPES = new Set(["page", "news-detail", "owners-club-event-detail"]);

type JsonSchema = { type?: string | string[]; anyOf?: JsonSchema[]; oneOf?: JsonSchema[]; properties?: Record<string, JsonSchema> };

function isListOrObject(schema: JsonSchema | undefined): boolean {
  if (!schema) return false;
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.includes("array") || types.includes("object")) return true;
  return [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].some(isListOrObject);
}

/**
 * Every registered block that has list or object fields, each of them given a wrong type (a string
 * where a list is expected, as `items: "x"`; a number where text would also do). Each blok fails
 * its schema.
 */
function malformedBloks(): Blok[] {
  const bloks: Blok[] = [];
  for (const [component, schema] of Object.entries(blockSchemas)) {
    if (CONTENT_TYPES.has(component)) continue;
    const json = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema;
    const blok: Record<string, unknown> = { _uid: `malformed-${component}`, component };
    for (const [field, fieldSchema] of Object.entries(json.properties ?? {})) {
      if (field.startsWith("_") || !isListOrObject(fieldSchema)) continue;
      const wrong = ["x", 42, true].find((value) => !schema.safeParse({ _uid: "probe", component, [field]: value }).success);
      if (wrong !== undefined) blok[field] = wrong;
    }
    if (Object.keys(blok).length > 2) bloks.push(blok as Blok);
  }
  return bloks;
}

const text = (uid: string, words: string): Blok => ({ _uid: uid, component: "text-content", content: doc(words) }) as Blok;
const BEFORE = "Before the malformed bloks.";
const AFTER = "After the malformed bloks.";
const MALFORMED = malformedBloks();

let stories: typeof import("~/content/stories.server");
let entry: typeof import("~/entry.server");

beforeAll(async () => {
  // A content folder with the one test story, in the fixtures' format.
  const dir = mkdtempSync(path.join(tmpdir(), "malformed-content-"));
  const template = JSON.parse(readFileSync(path.resolve("content-fixtures/stories/test/unknown-block.json"), "utf8")) as Story;
  const story = {
    ...template,
    name: "Malformed bloks (test)",
    slug: "malformed-bloks",
    full_slug: SLUG,
    id: 191651999,
    uuid: "0c5b67d1-ee6a-4686-b327-8c52c2096fff",
    content: { ...template.content, body: [text("before", BEFORE), ...MALFORMED, text("after", AFTER)] },
  };
  mkdirSync(path.join(dir, "stories", "test"), { recursive: true });
  writeFileSync(path.join(dir, "stories", "test", "malformed-bloks.json"), JSON.stringify(story));
  process.env.CONTENT_DIR = dir;
  process.env.STORYBLOK_TOKEN = "";
  stories = await import("~/content/stories.server");
  entry = await import("~/entry.server");
}, 60_000);

afterEach(() => {
  vi.restoreAllMocks();
  document.body.innerHTML = "";
});

/** The page of a story: in the browser (Remix's test stub) or, with createServerStub, on the server. */
const page = (create: typeof createServerStub) =>
  function app(story: Story, country: Country, children: ReactNode = <RootBlock blok={story.content} />, editor = false, mode: "islands" | "app" = "app") {
    const host = islandHost(mode, { site: { country }, settings: DEFAULT_PAGE_SETTINGS, location: { pathname: `/${country}/${SLUG}`, search: "" } });
    const Stub = create([
      {
        path: "*",
        Component: () => (
          <IslandHostProvider value={host}>
            <SiteProvider value={{ country }}>
              <BlokNoticesContext.Provider value={editor}>
                <StoryProvider story={story}>
                  <main>{children}</main>
                </StoryProvider>
              </BlokNoticesContext.Provider>
            </SiteProvider>
          </IslandHostProvider>
        ),
      },
    ]);
    return <Stub initialEntries={[`/${country}/${SLUG}`]} />;
  };
const app = page(createRemixStub);
const serverApp = page(createServerStub);

/** The server's render of the document (app/entry.server.tsx), as a response. */
function serverRender(element: ReturnType<typeof serverApp>, country: Country) {
  const request = new Request(`http://localhost/${country}/${SLUG}`);
  return onServer(() => entry.renderDocument(element, { request, status: 200, headers: new Headers(), nonce: "", waitForAll: true }));
}

describe.each(["au", "nz"] as const)("a story whose every block with list or object fields has wrong types (%s)", (country) => {
  it("covers the blocks", () => {
    expect(MALFORMED.length).toBeGreaterThan(30);
    expect(MALFORMED.find((b) => b.component === "stats-banner")).toMatchObject({ items: "x" });
  });

  it("is read with each such blok marked invalid, logged once with the story's slug, _uid and component", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const story = await stories.getStory(SLUG, { country, version: "draft" });
    const body = story!.content.body as Blok[];
    expect(body.map((b) => b._uid)).toEqual(["before", ...MALFORMED.map((b) => b._uid), "after"]);
    for (const blok of body.slice(1, -1)) {
      expect(isInvalidBlok(blok)).toBe(true);
      // Not handed on: only the fields every blok has remain (a draft's _editable for the editor).
      expect(Object.keys(blok).sort()).toEqual(["_editable", "_invalid", "_uid", "component"]);
    }
    expect(isInvalidBlok(body[0])).toBe(false);
    const lines = errors.mock.calls.map((call) => String(call[0]));
    expect(lines).toHaveLength(MALFORMED.length);
    for (const blok of MALFORMED) {
      const line = lines.filter((l) => l.includes(`(${blok._uid})`));
      expect(line).toHaveLength(1);
      expect(line[0]).toContain(`Blok ${blok.component} (${blok._uid}) in story ${SLUG} does not match its schema`);
    }
    expect(lines.find((l) => l.includes("malformed-stats-banner"))).toMatch(/items: .*expected array/i);
  });

  it("renders 200 with the rest of the page for visitors, and a labelled notice on each blok for editors", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const story = (await stories.getStory(SLUG, { country, version: "draft" }))!;
    const visitor = await serverRender(serverApp(story, country), country);
    expect(visitor.status).toBe(200);
    const page = parse(await visitor.text());
    expect(page.body.textContent).toContain(BEFORE);
    expect(page.body.textContent).toContain(AFTER);
    expect(page.querySelectorAll(".blok-notice")).toHaveLength(0);
    expect(page.querySelector(".stats-banner")).toBeNull();
    const editor = parse(await (await serverRender(serverApp(story, country, undefined, true), country)).text());
    const notices = [...editor.querySelectorAll('.blok-notice[role="note"]')];
    expect(notices).toHaveLength(MALFORMED.length);
    expect(notices.every((n) => n.getAttribute("aria-label") === BLOK_NOTICE_LABEL)).toBe(true);
    const stats = notices.find((n) => n.textContent?.includes("malformed-stats-banner"))!;
    expect(stats.textContent).toContain(`${BLOK_NOTICE_LABEL}: stats-banner (malformed-stats-banner)`);
    expect(stats.textContent).toMatch(/items: .*expected array/i);
  });
});

describe("a blok that throws while rendering", () => {
  // Handed to its component unparsed (as a component bug would), an expanding grid (a block that
  // hydrates) with `items: "x"` throws during render.
  const story = {
    id: 1,
    uuid: "u",
    name: "Throws",
    slug: "throws",
    full_slug: "test/throws",
    first_published_at: null,
    published_at: null,
    content: {
      _uid: "root",
      component: "page",
      body: [
        text("before", BEFORE),
        { _uid: "thrower", component: "expanding-grid", items: "x" },
        text("after", AFTER),
        // Hydrates, and its heading's id comes from useId: the browser's tree must match the server's.
        { _uid: "grid", component: "expanding-grid", heading: "Explore", items: [{ _uid: "i1", component: "expanding-grid-item", heading: "Cabin", content: "Roomy." }] },
      ],
    },
  } as unknown as Story;

  it("fails alone on the server: a 200 page without it, logged once with the slug, _uid and component", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const response = await serverRender(serverApp(story, "au"), "au");
    expect(response.status).toBe(200);
    const page = parse(await response.text());
    expect(page.body.textContent).toContain(BEFORE);
    expect(page.body.textContent).toContain(AFTER);
    const marker = page.querySelector('[data-blok-failed="thrower"]')!;
    expect(marker.hasAttribute("hidden")).toBe(true);
    expect(marker.innerHTML).toBe("");
    const logged = errors.mock.calls.filter((call) => String(call[0]).includes("thrower"));
    expect(logged).toHaveLength(1);
    expect(String(logged[0]![0])).toBe("[blocks] Blok expanding-grid (thrower) in story test/throws failed to render and is not shown:");
    expect(logged[0]![1]).toBeInstanceOf(TypeError);
    // The editor sees the notice there.
    const editor = parse(await (await serverRender(serverApp(story, "au", undefined, true), "au")).text());
    expect(editor.querySelector('[data-blok-failed="thrower"] .blok-notice')!.textContent).toContain("expanding-grid (thrower)");
  });

  it("fails alone inside a page of islands: a marker in its place, not an island; the other island renders", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const response = await serverRender(serverApp(story, "au", undefined, false, "islands"), "au");
    expect(response.status).toBe(200);
    const page = parse(await response.text());
    expect(page.body.textContent).toContain(BEFORE);
    expect(page.body.textContent).toContain(AFTER);
    const marker = page.querySelector('[data-blok-failed="thrower"]')!;
    expect(marker.hasAttribute("hidden")).toBe(true);
    expect(marker.closest("[data-island]")).toBeNull();
    // The well-formed grid is the page's one island, with its props.
    const islands = [...page.querySelectorAll("[data-island]")];
    expect(islands.map((island) => island.getAttribute("data-island"))).toEqual(["block"]);
    const key = islands[0]!.getAttribute("data-island-props");
    const props = JSON.parse(page.querySelector(`script[data-island-for="${key}"]`)!.textContent!) as { blok: { _uid: string } };
    expect(props.blok._uid).toBe("grid");
    expect(islands[0]!.querySelector(".expanding-grid")).not.toBeNull();
    const logged = errors.mock.calls.filter((call) => String(call[0]).includes("thrower"));
    expect(logged).toHaveLength(1);
    expect(String(logged[0]![0])).toBe("[blocks] Blok expanding-grid (thrower) in story test/throws failed to render and is not shown:");
  });

  it("hydrates in the browser without running it again, and without an error", async () => {
    // The server's stream renderer and the browser's share this process's contexts (not so in a browser).
    expectConsoleError(/Detected multiple renderers concurrently rendering the same context provider/);
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const html = await (await serverRender(serverApp(story, "au"), "au")).text();
    const container = document.createElement("div");
    container.innerHTML = html;
    document.body.append(container);
    const recoverable = vi.fn();
    const uncaught: unknown[] = [];
    const onError = (event: ErrorEvent) => uncaught.push(event.error);
    window.addEventListener("error", onError);
    try {
      await act(async () => {
        hydrateRoot(container, app(story, "au"), { onRecoverableError: recoverable });
      });
    } finally {
      window.removeEventListener("error", onError);
    }
    expect(recoverable).not.toHaveBeenCalled();
    expect(uncaught).toEqual([]);
    // No hydration mismatch (React warns of one through console.error in development).
    expect(errors.mock.calls.filter((call) => String(call[0]).includes("did not match"))).toEqual([]);
    expect(container.querySelector(".expanding-grid")).not.toBeNull();
    expect(container.textContent).toContain(BEFORE);
    expect(container.textContent).toContain(AFTER);
    expect(container.querySelector('[data-blok-failed="thrower"]')).not.toBeNull();
  });

  it("in the browser, a blok that throws after hydration shows nothing, and the rest stays", async () => {
    // The blok's boundary catches the error, and React reports what it caught.
    expectConsoleError(/The above error occurred in the <ExpandingGrid> component/);
    // After the server renders of the tests above (their stream renderer shares this process's contexts).
    allowConsoleError(/Detected multiple renderers concurrently rendering the same context provider/);
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const container = document.createElement("div");
    document.body.append(container);
    const { createRoot } = await import("react-dom/client");
    // A blok the server did not fail: the failure markers of the server's HTML are read once per
    // page (app/blocks/failures.tsx), and the test above has put "thrower" among them.
    const content = story.content as unknown as { body: { _uid: string }[] };
    const live = { ...story, content: { ...content, body: content.body.map((blok) => (blok._uid === "thrower" ? { ...blok, _uid: "thrower-live" } : blok)) } } as unknown as Story;
    await act(async () => {
      createRoot(container).render(app(live, "au"));
    });
    expect(container.textContent).toContain(BEFORE);
    expect(container.textContent).toContain(AFTER);
    // Only the well-formed grid.
    expect(container.querySelectorAll(".expanding-grid")).toHaveLength(1);
    expect(errors.mock.calls.some((call) => String(call[0]).includes("[blocks] Blok expanding-grid (thrower-live) failed to render"))).toBe(true);
  });
});
