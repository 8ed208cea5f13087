import { Block } from "~/blocks/blocks";
import { editableAttributes } from "~/blocks/editable";
import { StoryProvider } from "~/content/story-context";
import { useLiveStory } from "~/features/preview/use-live-story";
import type { PageStory } from "./content-page.server";

/**
 * Renders a page story's root blok with its story metadata available to blocks. In a visual-editor
 * preview the story follows the editor's edits live (app/features/preview/use-live-story.ts); the
 * root blok carries the editable attributes in draft content (none in published content).
 */
export function ContentPage({ story }: { story: PageStory }) {
  const live = useLiveStory(story);
  const editable = editableAttributes(live.content);
  // Published content renders exactly as before: the wrapper exists only to carry the attributes.
  const root = Object.keys(editable).length ? (
    <div className="blok-root" {...editable}>
      <Block blok={live.content} />
    </div>
  ) : (
    <Block blok={live.content} />
  );
  return <StoryProvider story={live}>{root}</StoryProvider>;
}
