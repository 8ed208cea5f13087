// Import the block list first: it loads the registry before any single block module.
import { Blocks } from "~/blocks/blocks";
import "../support/load-blocks";
import { createRemixStub } from "@remix-run/testing";
import { render, type RenderResult } from "@testing-library/react";
import { Window } from "happy-dom";
import { useEffect, type ReactNode } from "react";
import { parseBloks } from "~/blocks/parse";
import { startDocumentActions } from "~/components/document-actions";
import type { Blok, Country } from "~/content/schema";
import { SiteProvider } from "~/features/site-state/site-context";
import { RoutePage } from "../support/route-page";
import { createServerStub, renderOnServer } from "../support/server-stub";

/** The page's document-wide actions, as the islands' entry starts them, while the test's page is mounted. */
function DocumentActions({ country }: { country: Country }) {
  useEffect(() => startDocumentActions({ country }), [country]);
  return null;
}

/** The page's route: the element inside the site context, as on a page. */
function routes(children: ReactNode, country: Country) {
  return [
    {
      path: "/",
      Component: () => (
        <RoutePage>
          <SiteProvider value={{ country }}>
            {children}
            {/* The document-wide behaviour of links, modal buttons and popovers (site-runtime.ts). */}
            <DocumentActions country={country} />
          </SiteProvider>
        </RoutePage>
      ),
    },
  ];
}

/** Server markup of bloks (what a visitor without JavaScript gets). */
export function renderBlocks(bloks: Blok[], country: Country = "au"): string {
  // Bloks reach components as the server parses them when it reads content.
  return renderStatic(<Blocks bloks={parseBloks(bloks)} />, country);
}

/** Server markup of any element inside the site context. */
export function renderStatic(element: ReactNode, country: Country = "au"): string {
  const Stub = createServerStub(routes(element, country));
  return renderOnServer(<Stub />);
}

/** A live render in the DOM (happy-dom), for interaction tests. */
export function renderLive(element: ReactNode, country: Country = "au"): RenderResult {
  const Stub = createRemixStub(routes(element, country));
  return render(<Stub />);
}

/** A live render of bloks. */
export function renderBlocksLive(bloks: Blok[], country: Country = "au"): RenderResult {
  return renderLive(<Blocks bloks={parseBloks(bloks)} />, country);
}

/** A parsed document of server markup, for queries (works in the node environment too). */
export function parse(html: string): Document {
  const Parser = typeof DOMParser === "undefined" ? new Window().DOMParser : DOMParser;
  return new Parser().parseFromString(`<!doctype html><body>${html}</body>`, "text/html") as unknown as Document;
}

export const asset = (file: string, alt = "") => ({ filename: `/media/${file}`, alt, fieldtype: "asset" as const });
export const doc = (...paragraphs: string[]) => ({
  type: "doc" as const,
  content: paragraphs.map((text) => ({ type: "paragraph", content: [{ type: "text", text }] })),
});
let n = 0;
/** A blok with a fresh _uid. */
export function b<T extends Record<string, unknown>>(component: string, fields: T = {} as T): Blok & T {
  n += 1;
  return { _uid: `uid-${component}-${n}`, component, ...fields } as Blok & T;
}
