import { Block } from "~/blocks/blocks";
import { StoryProvider } from "~/content/story-context";
import type { PageStory } from "./content-page.server";

/** Renders a page story's root blok with its story metadata available to blocks. */
export function ContentPage({ story }: { story: PageStory }) {
  return (
    <StoryProvider story={story}>
      <Block blok={story.content} />
    </StoryProvider>
  );
}
