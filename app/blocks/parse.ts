import "~/lib/zod-config";
import type { z } from "zod";
import { isRecord } from "~/lib/object";
import { storedSlug } from "~/content/site-path";
import { invalidBlok } from "./invalid";
import { blockSchemas } from "./schemas";

type Json = unknown;

/** Called once for every blok that fails its schema, with what did not match. */
export type InvalidBlokReport = (blok: { _uid: string; component: string }, issues: string[]) => void;

/**
 * Parses every blok in a piece of content with its block's schema (defaults, coercions such as
 * Storyblok's "2" for a number field), at any depth: story content, nested bloks, rich-text `blok`
 * nodes, resolved relations. A blok that fails its schema (an editor's mistake: `items: "x"`) is
 * replaced by an invalid blok (app/blocks/invalid.ts) and reported: its component, which assumes the
 * schema, never sees it; visitors get nothing for it and editors a notice. Components receive the
 * parsed bloks, so the browser never needs the schemas. Returns new objects; the input is
 * left unchanged.
 */
export function parseBloks<T>(value: T, onInvalid?: InvalidBlokReport): T {
  return walk(value, onInvalid) as T;
}

/** "items: Invalid input: expected array, received string" (the path in the blok, then zod's message). */
export function describeIssues(issues: readonly z.core.$ZodIssue[]): string[] {
  return issues.map((issue) => `${issue.path.length ? issue.path.map(String).join(".") : "(blok)"}: ${issue.message}`);
}

function walk(value: Json, onInvalid: InvalidBlokReport | undefined): Json {
  if (Array.isArray(value)) return value.map((v) => walk(v, onInvalid));
  if (!isRecord(value)) return value;
  let node: Record<string, Json> = value;
  const { component, _uid } = value;
  const schema = typeof component === "string" && typeof _uid === "string" ? blockSchemas[component] : undefined;
  if (schema) {
    const parsed = schema.safeParse(value);
    if (!parsed.success) {
      const issues = describeIssues(parsed.error.issues);
      onInvalid?.({ _uid: _uid as string, component: component as string }, issues);
      return invalidBlok(value as Record<string, Json> & { _uid: string; component: string }, issues);
    }
    if (isRecord(parsed.data)) node = parsed.data;
  }
  const out: Record<string, Json> = {};
  for (const [key, child] of Object.entries(node)) out[key] = walk(child, onInvalid);
  return out;
}

/**
 * A story read from the content API with its bloks parsed (the content layer's story parser, set
 * by the server's entry). A blok that fails its schema is logged once, when the content is read
 * (published reads are then cached), with the story's slug, the blok's _uid and component, and
 * what did not match.
 */
export function parseStoryBloks<T>(story: T): T {
  const fullSlug = (story as { full_slug?: unknown } | null)?.full_slug;
  const slug = typeof fullSlug === "string" ? storedSlug(fullSlug) : "?";
  return parseBloks(story, (blok, issues) => {
    console.error(
      `[blocks] Blok ${blok.component} (${blok._uid}) in story ${slug} does not match its schema and is not shown: ${issues.join("; ")}`,
    );
  });
}
