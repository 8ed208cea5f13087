/**
 * Page data without the content of islands (issue 26 item 6, ADR 031).
 *
 * A blok that needs no JavaScript (an island, ADR 020) keeps the server's HTML during hydration:
 * the browser never reads its content on that page view. Its content is still needed to render the
 * HTML on the server, and in the browser when a later client navigation or revalidation brings
 * content that differs. So a document's page data carries a *view* of such a blok: the object the
 * server renders (every field readable) whose content fields are not enumerable, which Remix's
 * encoding (turbo-stream, `Object.keys`) leaves out. The browser receives the blok's identity, the
 * fields `<Blocks>` reads for every blok (locale, spacing), and a digest of its content, which tells
 * whether newer content renders alike (`blokDigest`). Browser-safe: no server imports. That the
 * encoding skips non-enumerable fields is Remix's behaviour, not its API: runtime/internals.ts.
 */
import { isBlok } from "~/lib/object";
import { hideFromPageData } from "./internals";

export { isBlok } from "~/lib/object";

/** A blok as content holds it. */
type Blokish = { _uid: string; component: string } & Record<string, unknown>;

/** The field of an island's view that holds the digest of its content. */
export const ISLAND_FIELD = "_island";

/** Fields `<Blocks>` reads of every blok before it decides whether to keep the server's HTML. */
const KEPT_FIELDS = ["_uid", "component", "locale", "bottom_spacing"] as const;

type Node = unknown;

/** True for a blok's view that carries no content (see islandView). */
export function isIslandView(value: unknown): value is Blokish & { [ISLAND_FIELD]: string } {
  return typeof value === "object" && value !== null && typeof (value as Record<string, unknown>)[ISLAND_FIELD] === "string";
}

/** cyrb53: a 53-bit string hash (collisions ~1 in 9e15), fast enough for content in the browser. */
function hash53(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

const digests = new WeakMap<object, string>();

/**
 * A digest of a value's content: equal for content that renders alike (same fields and values, in
 * any key order, `undefined` fields ignored, as the server's JSON and the browser's decoded data
 * may order keys differently). A blok's digest is a hash, and an island's view has the digest of
 * the blok it stands for, so a blok and a value holding its view digest alike.
 */
export function blokDigest(value: Node): string {
  if (typeof value !== "object" || value === null) return JSON.stringify(value) ?? "null";
  if (isIslandView(value)) return value[ISLAND_FIELD];
  const known = digests.get(value);
  if (known !== undefined) return known;
  let text: string;
  if (Array.isArray(value)) {
    text = `[${value.map(blokDigest).join(",")}]`;
  } else {
    const record = value as Record<string, unknown>;
    const parts: string[] = [];
    for (const key of Object.keys(record).sort()) {
      if (record[key] !== undefined) parts.push(`${JSON.stringify(key)}:${blokDigest(record[key])}`);
    }
    text = `{${parts.join(",")}}`;
  }
  const digest = isBlok(value) ? `#${hash53(text)}` : text;
  digests.set(value, digest);
  return digest;
}

const views = new WeakMap<object, Blokish>();

/**
 * The view of an island blok: the same fields, readable by the server's render, but only
 * `_uid`, `component`, `locale`, `bottom_spacing` and the digest enumerable (sent to the browser).
 * One view per frozen blok (content-cache values are frozen and replaced when the content
 * version changes), frozen in turn.
 */
export function islandView<T extends Blokish>(blok: T): T {
  const known = views.get(blok);
  if (known) return known as T;
  const view: Record<string, unknown> = {};
  for (const key of KEPT_FIELDS) if (blok[key] !== undefined) view[key] = blok[key];
  view[ISLAND_FIELD] = blokDigest(blok);
  for (const key of Object.keys(blok)) {
    if (!(key in view)) hideFromPageData(view, key, blok[key]);
  }
  if (Object.isFrozen(blok)) Object.freeze(view);
  views.set(blok, view as Blokish);
  return view as T;
}
