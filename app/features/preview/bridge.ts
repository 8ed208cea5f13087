/**
 * The visual editor's bridge, as the page uses it (shared/reference/storyblok-api.md section 3.2):
 * where the script comes from, the events it sends, and what each event does to the open story.
 * Pure: no React, no DOM.
 */
import { isRecord } from "~/lib/object";

/** Storyblok's bridge script (defines window.StoryblokBridge). */
export const STORYBLOK_BRIDGE_URL = "https://app.storyblok.com/f/storyblok-v2-latest.js";
/** The local stand-in for local mode and tests: same API, same events (app/routes/preview.local-bridge[.]js.tsx). */
export const LOCAL_BRIDGE_URL = "/preview/local-bridge.js";

/** The bridge events the page subscribes to. */
export const BRIDGE_EVENTS = ["input", "change", "published"] as const;

/** A story as the bridge sends it with an `input` event. */
export interface BridgeStory {
  id: number | string;
  uuid?: string;
  content: Record<string, unknown>;
  [key: string]: unknown;
}

export interface BridgeEvent {
  action: string;
  story?: BridgeStory;
  storyId?: number | string;
  [key: string]: unknown;
}

/** What the page does with an event: show the edited story, reload, or nothing. */
export type BridgeOutcome<S> = { kind: "update"; story: S } | { kind: "reload" } | { kind: "ignore" };

/** The subset of window.StoryblokBridge the page uses. */
export interface StoryblokBridgeInstance {
  on(events: string | readonly string[], callback: (event: BridgeEvent) => void): void;
}
export type StoryblokBridgeConstructor = new (options?: { resolveRelations?: readonly string[]; preventClicks?: boolean }) => StoryblokBridgeInstance;

/** What the page needs to know about preview mode (root loader data; no secret in it). */
export interface PreviewClientInfo {
  /** The bridge script to load. */
  bridgeUrl: string;
  /** The story the editor has open (`_storyblok`): events for other stories are ignored. */
  storyId: string;
}

/** Every story object with a uuid found in a content tree (the relations the server resolved). */
function collectResolved(value: unknown, found: Map<string, unknown>): void {
  if (Array.isArray(value)) {
    for (const item of value) collectResolved(item, found);
    return;
  }
  if (!isRecord(value)) return;
  if (typeof value.uuid === "string" && isRecord(value.content) && !found.has(value.uuid)) found.set(value.uuid, value);
  for (const child of Object.values(value)) collectResolved(child, found);
}

function substitute(value: unknown, resolved: ReadonlyMap<string, unknown>): unknown {
  if (typeof value === "string") return resolved.get(value) ?? value;
  if (Array.isArray(value)) return value.map((item) => substitute(item, resolved));
  if (!isRecord(value)) return value;
  // A story object the bridge resolved itself stays as it is.
  if (typeof value.uuid === "string" && isRecord(value.content)) return value;
  return Object.fromEntries(Object.entries(value).map(([key, child]) => [key, substitute(child, resolved)]));
}

/**
 * The edited content with relations the server had already resolved put back in place: the editor
 * sends references as UUID strings, the page renders resolved stories. Nothing new is resolved:
 * a UUID the current content does not know stays a string (the block renders without it).
 */
export function reuseResolvedRelations<C>(next: C, current: unknown): C {
  const resolved = new Map<string, unknown>();
  collectResolved(current, resolved);
  if (resolved.size === 0) return next;
  return substitute(next, resolved) as C;
}

/**
 * What an event means for the open story: `input` for it → show the edited story (client state,
 * no reload); `change` or `published` for it → reload; anything else → ignore.
 */
export function bridgeOutcome<S extends { id?: number | string; content: unknown }>(
  event: BridgeEvent,
  current: S,
  openStoryId: string,
): BridgeOutcome<S> {
  const isOpen = (id: unknown) => id !== undefined && id !== null && String(id) === openStoryId && String(current.id) === openStoryId;
  if (event.action === "input") {
    if (!event.story || !isRecord(event.story.content) || !isOpen(event.story.id)) return { kind: "ignore" };
    const content = reuseResolvedRelations(event.story.content, current.content);
    return { kind: "update", story: { ...current, ...event.story, content } as S };
  }
  if (event.action === "change" || event.action === "published") {
    return isOpen(event.storyId) ? { kind: "reload" } : { kind: "ignore" };
  }
  return { kind: "ignore" };
}
