import { createContext, useContext, useId, type ReactElement, type ReactNode } from "react";
import {
  CHUNKS_ATTRIBUTE,
  KEY_ATTRIBUTE,
  NAME_ATTRIBUTE,
  PAGE_ATTRIBUTE,
  PROPS_ATTRIBUTE,
  scriptJson,
  WHEN_ATTRIBUTE,
  type IslandDefinition,
  type IslandWhen,
} from "./island-dom";

/**
 * Islands: the parts of a server-rendered page that need JavaScript, each hydrated in the browser
 * as its own React root from props serialised beside it (app/islands/start.ts, hydrate.ts).
 * Everything else on the page stays the server's HTML and loads no code.
 *
 * An island is defined once, by name, with the function that renders it from its props and when
 * it hydrates (`defineIsland`, island-dom.ts); the server renders it through `<Island>`, and the
 * browser's entry finds it by the same name.
 */
export { defineIsland, PAGE_ATTRIBUTE, PROPS_ATTRIBUTE, scriptJson, type IslandDefinition, type IslandWhen } from "./island-dom";

/**
 * How the page being rendered hosts islands:
 * - "islands": each island is a root of its own. The server renders it apart, the way the browser
 *   will hydrate it (`render`: the same providers, `wrap`, the same ids, `identifierPrefix`).
 * - "app": the whole document hydrates as one app (the editor's preview, pages that are one
 *   application); an island is then an ordinary part of the tree.
 */
export interface IslandHost<Page = unknown> {
  mode: "islands" | "app";
  /** The page-wide values every island shares (the site state, the location), sent once. */
  page: Page;
  /** The page-wide providers around each island's root. */
  wrap(children: ReactNode, page: Page): ReactElement;
}

/**
 * The server's side of islands, passed down by the server's entry: renders an island's element to
 * HTML (react-dom/server), and names the script files an island needs that the page has not
 * announced yet (preloaded beside it, so the browser fetches them while it reads the page).
 */
export interface IslandRenderer {
  render(element: ReactElement, identifierPrefix: string): string;
  /**
   * The script files the island needs that the page has not announced yet. `announce`: the island
   * hydrates with the page, its files are preloaded beside it (and count as announced); else they
   * are named on its container, for the runtime to preload when it wakes the island.
   */
  preloads?(name: string, props: unknown, announce: boolean): readonly string[];
}

const HostContext = createContext<IslandHost | null>(null);
const RendererContext = createContext<IslandRenderer | null>(null);
/** True inside an island: an island within it is part of its tree, not a root of its own. */
const InsideIsland = createContext(false);

export const IslandHostProvider = HostContext.Provider;
export const IslandRendererProvider = RendererContext.Provider;

/** The content of an island root, the same on the server and in the browser. */
export function islandContent<P>(island: IslandDefinition<P>, props: P): ReactElement {
  return <InsideIsland.Provider value={true}>{island.render(props)}</InsideIsland.Provider>;
}

type Attributes = { className?: string; id?: string } & { [data: `data-${string}`]: string | undefined };

/**
 * An island in its container element (a `<div>`, or `as`). With JavaScript, the browser hydrates
 * the container's inside from `props` (`when`: the island's own unless given); without it, the
 * server's HTML is the page.
 */
export function Island<P>({
  island,
  props,
  when = island.when,
  as: Tag = "div",
  ...attributes
}: { island: IslandDefinition<P>; props: P; when?: IslandWhen; as?: "div" | "span" } & Attributes) {
  const host = useContext(HostContext);
  const renderer = useContext(RendererContext);
  const inside = useContext(InsideIsland);
  // Pairs the container with its props, and prefixes the ids React makes inside the island's root.
  const key = `i${useId().replace(/[^a-zA-Z0-9]/g, "")}-`;
  if (inside || !host || host.mode === "app") {
    return <Tag {...attributes}>{island.render(props)}</Tag>;
  }
  const content = islandContent(island, props);
  const html = renderer ? renderer.render(host.wrap(content, host.page), key) : null;
  const withPage = when === "load";
  const files = renderer?.preloads?.(island.name, props, withPage) ?? [];
  const container = {
    ...attributes,
    [NAME_ATTRIBUTE]: island.name,
    [WHEN_ATTRIBUTE]: when,
    [KEY_ATTRIBUTE]: key,
    ...(!withPage && files.length > 0 ? { [CHUNKS_ATTRIBUTE]: files.join(" ") } : {}),
  };
  return (
    <>
      {withPage ? files.map((href) => <link key={href} rel="modulepreload" href={href} />) : null}
      {html === null ? <Tag {...container}>{content}</Tag> : <Tag {...container} dangerouslySetInnerHTML={{ __html: html }} />}
      <script type="application/json" {...{ [PROPS_ATTRIBUTE]: key }} dangerouslySetInnerHTML={{ __html: scriptJson(props) }} />
    </>
  );
}

/** The page-wide values of the islands, once per page (the country layout renders it). */
export function IslandPageScript() {
  const host = useContext(HostContext);
  if (!host || host.mode === "app") return null;
  return <script type="application/json" {...{ [PAGE_ATTRIBUTE]: "" }} dangerouslySetInnerHTML={{ __html: scriptJson(host.page) }} />;
}

/** The current host (null outside a page that has one). */
export function useIslandHost(): IslandHost | null {
  return useContext(HostContext);
}
