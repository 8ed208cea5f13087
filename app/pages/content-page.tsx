import { useActionData, useFormAction, useLoaderData } from "@remix-run/react";
import { RootBlock } from "~/blocks/blocks";
import { StoryProvider } from "~/content/story-context";
import type { formAction } from "~/features/forms/action.server";
import { PageFormProvider } from "~/islands/page-form";
import { useLiveStory } from "~/pages/use-live-story";
import type { loadPage, PageStory } from "./content-page.server";

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

/**
 * The component of a route that renders a content page with forms on it (`$country.$.tsx`,
 * `$country.finance.tsx`): the story its loader read (`loadPage`), and where the page's forms post
 * without JavaScript with the answer to such a post (its action: `formAction`).
 */
export function ContentRoute() {
  const { story } = useLoaderData<typeof loadPage>();
  const form = { action: useFormAction(), result: useActionData<typeof formAction>() };
  return (
    <PageFormProvider value={form}>
      <ContentPage story={story} />
    </PageFormProvider>
  );
}
