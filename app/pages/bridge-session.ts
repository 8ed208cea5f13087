/**
 * The browser's side of a live preview: loads the bridge script once and applies its events to
 * the open story. Loaded by `useLiveStory` only in preview mode, so no other page carries it.
 */
import { parseBloks } from "~/blocks/parse";
import { BRIDGE_EVENTS, bridgeOutcome, type StoryblokBridgeConstructor } from "~/features/preview/bridge";

declare global {
  interface Window {
    StoryblokBridge?: StoryblokBridgeConstructor;
  }
}

const BRIDGE_SCRIPT_ID = "storyblok-javascript-bridge";

/** Loads the bridge script once per document; resolves with its constructor. */
function loadBridge(src: string): Promise<StoryblokBridgeConstructor> {
  if (window.StoryblokBridge) return Promise.resolve(window.StoryblokBridge);
  return new Promise((resolve, reject) => {
    let script = document.getElementById(BRIDGE_SCRIPT_ID) as HTMLScriptElement | null;
    if (!script) {
      script = document.createElement("script");
      script.id = BRIDGE_SCRIPT_ID;
      script.src = src;
      script.async = true;
      // Under a nonce-based CSP the page's nonce lets the bridge run (its origin is allowed for previews only).
      const nonce = document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce;
      if (nonce) script.nonce = nonce;
      document.head.append(script);
    }
    script.addEventListener("load", () => (window.StoryblokBridge ? resolve(window.StoryblokBridge) : reject(new Error("no StoryblokBridge"))));
    script.addEventListener("error", () => reject(new Error(`the bridge ${src} did not load`)));
  });
}

export interface BridgeSession<S> {
  bridgeUrl: string;
  openStoryId: string;
  relations: readonly string[];
  /** The story as the page shows it now. */
  current(): S;
  /** The editor's input, parsed as the server parses published content. */
  onUpdate(story: S): void;
  /** False once the page no longer listens. */
  active(): boolean;
}

/** Connects the page to the editor: `input` updates the story, `change` and `published` reload. */
export async function connectBridge<S extends { id?: number | string; content: unknown }>(session: BridgeSession<S>): Promise<void> {
  const Bridge = await loadBridge(session.bridgeUrl);
  if (!session.active()) return;
  const bridge = new Bridge({ resolveRelations: [...session.relations] });
  bridge.on(BRIDGE_EVENTS, (event) => {
    if (!session.active()) return;
    const outcome = bridgeOutcome(event, session.current(), session.openStoryId);
    if (outcome.kind === "update") session.onUpdate(parseBloks(outcome.story));
    else if (outcome.kind === "reload") window.location.reload();
  });
  document.documentElement.dataset.previewBridge = "ready";
}
