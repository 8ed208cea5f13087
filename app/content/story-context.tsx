import { createContext, useContext, type ReactNode } from "react";

/** Story-level data blocks may need (publish dates, slug) that is not part of the content. */
export interface StoryMeta {
  id?: number;
  uuid?: string;
  full_slug: string;
  first_published_at: string | null;
  published_at: string | null;
}

const StoryContext = createContext<StoryMeta | null>(null);

export function StoryProvider({ story, children }: { story: StoryMeta; children: ReactNode }) {
  const value: StoryMeta = {
    id: story.id,
    uuid: story.uuid,
    full_slug: story.full_slug,
    first_published_at: story.first_published_at,
    published_at: story.published_at,
  };
  return <StoryContext.Provider value={value}>{children}</StoryContext.Provider>;
}

export function useStoryMeta(): StoryMeta | null {
  return useContext(StoryContext);
}
