import type { ReactNode } from "react";

/**
 * What the server's HTML and the browser's runtime agree on about islands, without React: the
 * browser's entry (app/islands/start.ts) reads these before it loads any framework code.
 */

/**
 * When an island hydrates:
 * - "load": as soon as the page's scripts run (the browser idle between islands);
 * - "visible": when it nears the viewport (work it does unasked: autoplay, measuring);
 * - "interaction": when the visitor heads for it (pointer over it, a touch, focus, a key), its
 *   server HTML working until then; the first tap on a control is replayed once it has hydrated.
 * Any interaction with an island hydrates it at once, whatever its `when`.
 */
export type IslandWhen = "load" | "visible" | "interaction";

export const ISLAND_WHENS: readonly IslandWhen[] = ["load", "visible", "interaction"];

export interface IslandDefinition<P> {
  name: string;
  render(props: P): ReactNode;
  /** When it hydrates unless its `<Island>` says otherwise. */
  when: IslandWhen;
}

/** An island, by name, with the function that renders it from its props; `when` it hydrates (default "load"). */
export function defineIsland<P>(name: string, render: (props: P) => ReactNode, options: { when?: IslandWhen } = {}): IslandDefinition<P> {
  return { name, render, when: options.when ?? "load" };
}

/** The container's island name. */
export const NAME_ATTRIBUTE = "data-island";
/** The container's key: pairs it with its props and prefixes the ids React makes inside it. */
export const KEY_ATTRIBUTE = "data-island-props";
/** The element that holds the props of the island whose container has `data-island-props=<key>`. */
export const PROPS_ATTRIBUTE = "data-island-for";
/** The container's `IslandWhen`. */
export const WHEN_ATTRIBUTE = "data-island-when";
/**
 * The script files an island that does not hydrate with the page needs, space-separated: the
 * runtime announces them (modulepreload) when it starts hydrating the island, so they load side by
 * side rather than one import after another.
 */
export const CHUNKS_ATTRIBUTE = "data-island-chunks";
/**
 * The attribute of the script with the page-wide values (`IslandHost.page`). Found by element,
 * type and attribute, never by an id: content can give an element any id.
 */
export const PAGE_ATTRIBUTE = "data-island-page";
const DATA_SCRIPT = 'script[type="application/json"]';

/** JSON safe inside a `<script>`: no `</script>`, no HTML comment openers. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value ?? null)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/** The JSON in a script element, or null. */
export function readJson(element: Element | null): unknown {
  if (!element?.textContent) return null;
  return JSON.parse(element.textContent) as unknown;
}

/** The page-wide values of the islands (`IslandPageScript`), or null on a page without them. */
export function readIslandPage<Page>(doc: Document = document): Page | null {
  return readJson(doc.querySelector(`${DATA_SCRIPT}[${PAGE_ATTRIBUTE}]`)) as Page | null;
}

/** The script with the props of the island whose container has `data-island-props=<key>`, or null. */
export function islandPropsElement(key: string, doc: Document = document): Element | null {
  // Keys are `<Island>`'s own (letters, digits, `-`): anything else names no island.
  if (!/^[\w-]+$/.test(key)) return null;
  return doc.querySelector(`${DATA_SCRIPT}[${PROPS_ATTRIBUTE}="${key}"]`);
}
