/**
 * `resolve_links` (pure). Story links name their target by uuid: a multilink's `id`
 * (`fieldtype: "multilink"`, `linktype: "story"`) and a rich-text link mark's `attrs.uuid`. The
 * CDN v2 puts the targets into top-level `links` (`url`/`link`: link objects with the current
 * `full_slug`; `story`/`1`: whole stories), or above the limit only their uuids into `link_uuids`;
 * the client then attaches each as the link's `story`, so a moved story's links follow it.
 */
import { isJsonObject, type JsonObject, type JsonValue } from "./types";
import { ParamError } from "./errors";

export const LINKS_LIMIT = 50;

export type ResolveLinks = "url" | "link" | "story" | null;

export function parseResolveLinks(raw: string | null): ResolveLinks {
  if (raw === null || raw === "" || raw === "0") return null;
  if (raw === "1" || raw === "story") return "story";
  if (raw === "url" || raw === "link") return raw;
  throw new ParamError(`resolve_links must be story, url, link, 0 or 1, got "${raw}"`);
}

/** Distinct uuids of story links in encounter order, walking the whole content tree. */
export function collectLinkUuids(content: JsonValue): string[] {
  const found = new Set<string>();
  const walk = (value: JsonValue | undefined): void => {
    if (Array.isArray(value)) {
      value.forEach(walk);
      return;
    }
    if (!isJsonObject(value)) return;
    if (value.linktype === "story") {
      if (value.fieldtype === "multilink" && typeof value.id === "string" && value.id !== "") found.add(value.id);
      else if (typeof value.uuid === "string" && value.uuid !== "") found.add(value.uuid);
    }
    for (const child of Object.values(value)) walk(child);
  };
  walk(content);
  return [...found];
}

export type LinksResult = { readonly kind: "links"; readonly links: readonly JsonObject[] } | { readonly kind: "link_uuids"; readonly linkUuids: readonly string[] };

/** The linked stories of `roots` (`load` gives null for one missing in the requested version). */
export function resolveLinkTargets(
  roots: readonly JsonObject[],
  load: (uuid: string) => JsonObject | null,
  limit: number = LINKS_LIMIT,
): LinksResult {
  const uuids = new Set<string>();
  for (const root of roots) for (const uuid of collectLinkUuids(root.content ?? null)) uuids.add(uuid);
  const links: JsonObject[] = [];
  for (const uuid of uuids) {
    const target = load(uuid);
    if (target) links.push(target);
  }
  if (links.length > limit) return { kind: "link_uuids", linkUuids: links.map((l) => String(l.uuid)) };
  return { kind: "links", links };
}
