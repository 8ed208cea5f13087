import { RELATION_FIELDS } from "~/content/check";
import { isRecord } from "~/lib/object";

/**
 * One walk over story content that rewrites every reference a space push has to translate:
 * asset objects (id + filename), asset links (multilink `url`/`cached_url`, richtext link
 * `href`), story links (multilink `id`, richtext link `uuid`) and relation fields (uuid strings
 * or arrays of them, named in RELATION_FIELDS, `__i18n__` variants included). The walk goes by
 * value shape, not by component schema, so it also reaches the single `option` references
 * Storyblok's CLI leaves alone.
 */
export interface RefRewriter {
  /** The asset object's new `{ id, filename }`, or undefined to keep it. */
  asset?: (asset: { id: unknown; filename: string }) => { id: number; filename: string } | undefined;
  /** The new URL of an asset link (a filename), or undefined to keep it. */
  assetUrl?: (url: string) => string | undefined;
  /** The new uuid of a story, or undefined to keep it. */
  story?: (uuid: string) => string | undefined;
}

/** What a walk found and changed, by kind (a reference counts once even when left unchanged). */
export interface RefCounts {
  assets: number;
  assetLinks: number;
  storyLinks: number;
  /** Relation fields holding one uuid string: the references `stories push` does not remap. */
  singleRelations: number;
  relationArrays: number;
}

export function emptyCounts(): RefCounts {
  return { assets: 0, assetLinks: 0, storyLinks: 0, singleRelations: 0, relationArrays: 0 };
}

function relationField(key: string): boolean {
  return Object.hasOwn(RELATION_FIELDS, key.replace(/__i18n__.*$/, ""));
}

/** A deep copy of `value` with every reference rewritten; `counts` is filled as a side result. */
export function rewriteRefs(value: unknown, rw: RefRewriter, counts: RefCounts = emptyCounts()): unknown {
  const mapUuid = (uuid: string) => (uuid ? (rw.story?.(uuid) ?? uuid) : uuid);
  const visit = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(visit);
    if (!isRecord(node)) return node;

    if (node.fieldtype === "asset" && typeof node.filename === "string" && node.filename !== "") {
      counts.assets++;
      const next = rw.asset?.({ id: node.id, filename: node.filename });
      return next ? { ...node, id: next.id, filename: next.filename } : { ...node };
    }
    if (node.fieldtype === "multilink") {
      if (node.linktype === "asset") {
        counts.assetLinks++;
        const out = { ...node };
        for (const key of ["url", "cached_url"] as const) {
          if (typeof node[key] === "string" && node[key] !== "") out[key] = rw.assetUrl?.(node[key]) ?? node[key];
        }
        return out;
      }
      if (node.linktype === "story" && typeof node.id === "string" && node.id !== "") {
        counts.storyLinks++;
        return { ...node, id: mapUuid(node.id) };
      }
      return { ...node };
    }
    if (node.type === "link" && isRecord(node.attrs)) {
      const attrs = { ...node.attrs };
      if (attrs.linktype === "asset" && typeof attrs.href === "string" && attrs.href !== "") {
        counts.assetLinks++;
        attrs.href = rw.assetUrl?.(attrs.href) ?? attrs.href;
      } else if (attrs.linktype === "story" && typeof attrs.uuid === "string" && attrs.uuid !== "") {
        counts.storyLinks++;
        attrs.uuid = mapUuid(attrs.uuid);
      }
      return { ...node, attrs };
    }

    const isBlok = typeof node.component === "string";
    const out: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(node)) {
      if (isBlok && relationField(key)) {
        if (typeof child === "string" && child !== "") {
          counts.singleRelations++;
          out[key] = mapUuid(child);
          continue;
        }
        if (Array.isArray(child) && child.every((v) => typeof v === "string")) {
          if (child.length > 0) counts.relationArrays++;
          out[key] = (child as string[]).map(mapUuid);
          continue;
        }
      }
      out[key] = visit(child);
    }
    return out;
  };
  return visit(value);
}

/** Every story uuid the content refers to (story links and relation fields). */
export function storyUuidsIn(value: unknown): Set<string> {
  const found = new Set<string>();
  rewriteRefs(value, {
    story: (uuid) => {
      found.add(uuid);
      return undefined;
    },
  });
  return found;
}

/** Every asset object `{ id, filename }` and asset-link URL the content holds. */
export function assetsIn(value: unknown): { objects: { id: unknown; filename: string }[]; urls: string[] } {
  const objects: { id: unknown; filename: string }[] = [];
  const urls: string[] = [];
  rewriteRefs(value, {
    asset: (a) => {
      objects.push(a);
      return undefined;
    },
    assetUrl: (url) => {
      urls.push(url);
      return undefined;
    },
  });
  return { objects, urls };
}
