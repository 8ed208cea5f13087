/**
 * Live preview in the visual editor: in preview mode (root loader's `preview`), connects the page
 * to the editor's bridge (`bridge-session.ts`, loaded only then) and applies its events to the open
 * story: `input` re-renders the page from the edited story (client state, no reload), `change`
 * and `published` reload the page. Outside preview mode it returns the story as it is and loads
 * nothing.
 */
import { useMatches } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { rootDataIn } from "~/features/routing/route-data";
import type { PreviewClientInfo } from "~/features/preview/bridge";

/** The preview info of the root loader (null outside preview mode). */
export function usePreviewInfo(): PreviewClientInfo | null {
  return (rootDataIn(useMatches()) as { preview?: PreviewClientInfo | null } | undefined)?.preview ?? null;
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
    import("./bridge-session")
      .then(({ connectBridge }) =>
        connectBridge<S>({
          bridgeUrl,
          openStoryId,
          relations: relations ? relations.split(",") : [],
          current: () => currentRef.current,
          onUpdate: (edited) => setLive((state) => ({ base: state.base, story: edited })),
          active: () => active,
        }),
      )
      .catch((error: unknown) => console.warn("[preview]", error instanceof Error ? error.message : error));
    return () => {
      active = false;
    };
  }, [bridgeUrl, openStoryId, relations]);

  return current;
}
