import { isJsonObject, type JsonValue } from "./types";

/** Reads a dotted path (`seo.title`, `body.0.name`) from a JSON tree; `undefined` when absent. */
export function getPath(root: JsonValue | undefined, segments: readonly string[]): JsonValue | undefined {
  let current: JsonValue | undefined = root;
  for (const segment of segments) {
    if (Array.isArray(current)) {
      if (!/^\d+$/.test(segment)) return undefined;
      current = current[Number(segment)];
    } else if (isJsonObject(current)) {
      current = Object.prototype.hasOwnProperty.call(current, segment) ? current[segment] : undefined;
    } else {
      return undefined;
    }
  }
  return current;
}

export function splitPath(path: string): string[] {
  return path.split(".");
}
