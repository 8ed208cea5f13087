/** URL → endpoint routing (pure). Everything after `/v2/cdn/` decides the endpoint. */

export type Route =
  | { readonly kind: "stories" }
  | { readonly kind: "story"; readonly identifier: string }
  | { readonly kind: "datasource_entries" }
  | { readonly kind: "spaces_me" }
  | { readonly kind: "links" }
  | { readonly kind: "link"; readonly uuid: string }
  | { readonly kind: "not_found" };

const CDN_PREFIX = "/v2/cdn/";
const SAFE_IDENTIFIER = /^[a-z0-9._/-]+$/i;

/**
 * Whether a story identifier (slug, id or uuid) is acceptable: only `[a-z0-9._/-]`, no `..`,
 * no leading `/`, no empty segment. Rejected identifiers never reach the content index.
 */
export function isSafeIdentifier(identifier: string): boolean {
  return (
    identifier.length > 0 &&
    identifier.length <= 512 &&
    SAFE_IDENTIFIER.test(identifier) &&
    !identifier.includes("..") &&
    !identifier.startsWith("/") &&
    !identifier.includes("//")
  );
}

function decodeSegment(raw: string): string | null {
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

export function matchRoute(pathname: string): Route {
  const index = pathname.indexOf(CDN_PREFIX);
  if (index === -1) return { kind: "not_found" };
  const rest = pathname.slice(index + CDN_PREFIX.length).replace(/\/+$/, "");
  const slash = rest.indexOf("/");
  const resource = slash === -1 ? rest : rest.slice(0, slash);
  const tail = slash === -1 ? null : rest.slice(slash + 1);
  if (tail === null) {
    if (resource === "stories") return { kind: "stories" };
    if (resource === "datasource_entries") return { kind: "datasource_entries" };
    if (resource === "links") return { kind: "links" };
    return { kind: "not_found" };
  }
  const decoded = decodeSegment(tail);
  if (decoded === null || !isSafeIdentifier(decoded)) return { kind: "not_found" };
  if (resource === "stories") return { kind: "story", identifier: decoded };
  if (resource === "links" && !decoded.includes("/")) return { kind: "link", uuid: decoded };
  if (resource === "spaces" && decoded === "me") return { kind: "spaces_me" };
  return { kind: "not_found" };
}
