/**
 * Live preview in the visual editor: in preview mode (root loader's `preview`), loads the bridge
 * script once and applies its events to the open story: `input` re-renders the page from the
 * edited story (client state, no reload), `change` and `published` reload the page. Outside preview
 * mode it returns the story as it is and loads nothing.
 */
import { useRouteLoaderData } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { BRIDGE_EVENTS, bridgeOutcome, type PreviewClientInfo, type StoryblokBridgeConstructor } from "./bridge";

declare global {
  interface Window {
    StoryblokBridge?: StoryblokBridgeConstructor;
  }
}

const BRIDGE_SCRIPT_ID = "storyblok-javascript-bridge";

/** The preview info of the root loader (null outside preview mode). */
export function usePreviewInfo(): PreviewClientInfo | null {
  return useRouteLoaderData<{ preview?: PreviewClientInfo | null }>("root")?.preview ?? null;
}

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

/** The story to render: the loader's, or the editor's latest input in preview mode. */
export function useLiveStory<S extends { id?: number | string; content: unknown }>(story: S, resolveRelations: readonly string[] = []): S {
  const preview = usePreviewInfo();
  const [live, setLive] = useState<{ base: S; story: S }>({ base: story, story });
  // A new story from the loader (navigation, revalidation) replaces any edited state.
  const current = live.base === story ? live.story : story;
  if (live.base !== story) setLive({ base: story, story });
  const currentRef = useRef(current);
  currentRef.current = current;

  const bridgeUrl = preview?.bridgeUrl;
  const openStoryId = preview?.storyId;
  const relations = resolveRelations.join(",");
  useEffect(() => {
    if (!bridgeUrl || !openStoryId) return;
    let active = true;
    loadBridge(bridgeUrl)
      .then((Bridge) => {
        if (!active) return;
        const bridge = new Bridge({ resolveRelations: relations ? relations.split(",") : [] });
        bridge.on(BRIDGE_EVENTS, (event) => {
          if (!active) return;
          const outcome = bridgeOutcome(event, currentRef.current, openStoryId);
          if (outcome.kind === "update") {
            // The editor sends raw content: it is parsed as the server parses published content
            // (the schemas load only here, in the preview).
            void import("~/blocks/parse").then(({ parseBloks }) => {
              if (active) setLive((state) => ({ base: state.base, story: parseBloks(outcome.story) }));
            });
          }
          else if (outcome.kind === "reload") window.location.reload();
        });
        document.documentElement.dataset.previewBridge = "ready";
      })
      .catch((error: unknown) => console.warn("[preview]", error instanceof Error ? error.message : error));
    return () => {
      active = false;
    };
  }, [bridgeUrl, openStoryId, relations]);

  return current;
}
