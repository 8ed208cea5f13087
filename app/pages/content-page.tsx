import { RootBlock } from "~/blocks/blocks";
import { StoryProvider } from "~/content/story-context";
import { useLiveStory } from "~/pages/use-live-story";
import type { PageStory } from "./content-page.server";

/**
 * Renders a page story's root blok with its story metadata available to blocks. In a visual-editor
 * preview the story follows the editor's edits live (app/pages/use-live-story.ts); the
 * root blok's wrapper carries the editable attributes in draft content (none in published content).
 */
export function ContentPage({ story }: { story: PageStory }) {
  const live = useLiveStory(story);
  return (
    <StoryProvider story={live}>
      <RootBlock blok={live.content} />
    </StoryProvider>
  );
}
