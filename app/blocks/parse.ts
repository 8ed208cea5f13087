import "~/zod-config";
import { blockSchemas } from "./schemas";

type Json = unknown;

function isRecord(value: Json): value is Record<string, Json> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Parses every blok in a piece of content with its block's schema (defaults, coercions such as
 * Storyblok's "2" for a number field), at any depth: story content, nested bloks, rich-text `blok`
 * nodes, resolved relations. A blok that fails its schema is kept as it is (the content checker
 * reports it; a page still renders what it can). Components receive the parsed bloks, so the
 * browser never needs the schemas (ADR 020). Returns new objects; the input is left unchanged.
 */
export function parseBloks<T>(value: T): T {
  return walk(value) as T;
}

function walk(value: Json): Json {
  if (Array.isArray(value)) return value.map(walk);
  if (!isRecord(value)) return value;
  let node: Record<string, Json> = value;
  const schema = typeof value.component === "string" && typeof value._uid === "string" ? blockSchemas[value.component] : undefined;
  if (schema) {
    const parsed = schema.safeParse(value);
    if (parsed.success && isRecord(parsed.data)) node = parsed.data;
    else if (!parsed.success && typeof process !== "undefined" && process.env.NODE_ENV === "development") {
      console.warn(`Blok ${value.component} (${value._uid}) does not match its schema`, parsed.error.issues);
    }
  }
  const out: Record<string, Json> = {};
  for (const [key, child] of Object.entries(node)) out[key] = walk(child);
  return out;
}
