// @vitest-environment happy-dom
import { act } from "@testing-library/react";
import { useState } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { createRemixStub } from "@remix-run/testing";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Blocks } from "~/blocks/blocks";
import { blokDigest, islandView, ISLAND_FIELD } from "~/blocks/runtime/island-view";
import { blocksToHydrate, needsHydration, prepareHydration } from "~/blocks/runtime/loading";
import { parseBloks } from "~/blocks/parse";
import { hydrationFinished } from "~/blocks/runtime/hydration-state";
import { deepFreeze } from "~/content/cache.server";
import type { Blok } from "~/content/schema";
import { SiteProvider } from "~/features/site-state/site-context";
import { b, doc } from "./render";

/**
 * Islands without their content in a document's page data (issue 26 item 6, ADR 031): the server
 * renders the same HTML from the view, the browser keeps it during hydration and after a
 * revalidation that brings the same content, and renders newer content.
 */

afterEach(() => hydrationFinished());

const text = (words = "Plain words.", fields: Record<string, unknown> = {}) => b("text-content", { content: doc(words), ...fields });
const grid = () => b("expanding-grid", { heading: "Explore", items: [b("expanding-grid-item", { heading: "Cabin", content: "Roomy." })] });
/** What the browser receives: Remix's encoding, like JSON, sends enumerable fields only. */
const sent = <T,>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

describe("islandView and blokDigest", () => {
  it("sends identity, locale, spacing and a digest; the server still reads every field", () => {
    const blok = deepFreeze(parseBloks(text("Island words.", { locale: "au", bottom_spacing: false })));
    const view = islandView(blok);
    expect(Object.keys(sent(view)).sort()).toEqual(["_island", "_uid", "bottom_spacing", "component", "locale"]);
    expect(JSON.stringify(view)).not.toContain("Island words.");
    expect(view.content).toBe(blok.content);
    expect(islandView(blok)).toBe(view);
    expect(Object.isFrozen(view)).toBe(true);
    expect(needsHydration(view)).toBe(false);
    expect(needsHydration(sent(view))).toBe(false);
  });

  it("digests content alike in any key order, a view like its blok, and other content apart", () => {
    const blok = parseBloks(text("Same."));
    const reordered = Object.fromEntries(Object.entries(sent(blok)).reverse()) as typeof blok;
    expect(blokDigest(reordered)).toBe(blokDigest(blok));
    expect(blokDigest(sent(islandView(blok)))).toBe(blokDigest(blok));
    expect(sent(islandView(blok))[ISLAND_FIELD]).toBe(blokDigest(blok));
    expect(blokDigest(parseBloks(text("Other.")))).not.toBe(blokDigest(blok));
    // A list holding a view digests like the list holding the blok.
    expect(blokDigest([sent(islandView(blok))])).toBe(blokDigest([blok]));
  });
});

describe("hydration with islands sent as views", () => {
  let setBloks: (bloks: Blok[]) => void = () => {};
  function app(initial: Blok[]) {
    function Page() {
      const [bloks, set] = useState(initial);
      setBloks = set;
      return (
        <SiteProvider value={{ country: "au" }}>
          <Blocks bloks={bloks} />
        </SiteProvider>
      );
    }
    const Stub = createRemixStub([{ path: "/", Component: Page }]);
    return <Stub />;
  }

  it("renders the same HTML, keeps the island's HTML on hydration and on an equal revalidation, renders new content", async () => {
    const full = deepFreeze(parseBloks([text("Island words."), grid()])) as Blok[];
    const document_ = full.map((blok) => (needsHydration(blok) ? blok : islandView(blok as Blok & Record<string, unknown>)));
    const html = renderToString(app(document_));
    expect(html).toBe(renderToString(app(full)));

    const container = document.createElement("div");
    container.innerHTML = html;
    document.body.append(container);
    const island = container.querySelector<HTMLElement>("[data-island]")!;
    const islandText = island.querySelector("p")!;
    expect(islandText.textContent).toBe("Island words.");

    const received = sent(document_);
    await prepareHydration(blocksToHydrate(received));
    const errors = vi.fn();
    await act(async () => {
      hydrateRoot(container, app(received), { onRecoverableError: errors });
    });
    hydrationFinished();
    expect(errors).not.toHaveBeenCalled();
    expect(island.querySelector("p")).toBe(islandText);
    expect(container.textContent).toContain("Cabin");

    // A revalidation brings the full content, equal: the server's HTML stays as it is.
    await act(async () => setBloks(sent(full)));
    expect(container.querySelector("[data-island] p")).toBe(islandText);

    // Newer content renders.
    await act(async () => setBloks(sent(parseBloks([text("Newer words."), grid()]))));
    await vi.waitFor(() => expect(container.textContent).toContain("Newer words."));
    container.remove();
  });
});
