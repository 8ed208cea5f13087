import { isInvalidBlok } from "~/blocks/invalid";
import { isBlok, islandView, isIslandView } from "~/blocks/runtime/island-view";
import { needsHydration } from "~/blocks/runtime/loading";
import { rendersDocument } from "~/features/observability/request-context.server";

/**
 * The page data a document sends (issue 26 item 6, ADR 031): the body's islands (top-level bloks
 * that need no JavaScript, ADR 020) as views without their content, and their block data hidden
 * the same way. The server renders from the same objects (every field stays readable), so the HTML
 * does not change; only Remix's encoding of the data skips the content. A data request (a client
 * navigation, a revalidation) gets everything: the browser renders those pages itself.
 *
 * Only the body's own bloks become views: the page, news and event roots pass their body to
 * `<Blocks>` and read nothing of it, while a container that hydrates may read its children's
 * fields. Only frozen (published, content-cache) stories: drafts render live in the editor.
 */

interface StoryLike {
  content: Record<string, unknown> & { body?: unknown };
}


const storyViews = new WeakMap<object, { story: object; islands: ReadonlySet<string> }>();

/** The story with its body's islands as views, and the _uids of those islands (memoised per frozen story). */
export function documentStory<S extends StoryLike>(story: S): { story: S; islands: ReadonlySet<string> } {
  if (!Object.isFrozen(story) || !Object.isFrozen(story.content)) return { story, islands: new Set() };
  const known = storyViews.get(story);
  if (known) return known as { story: S; islands: ReadonlySet<string> };
  const body = story.content.body;
  const islands = new Set<string>();
  let result: { story: S; islands: ReadonlySet<string> } = { story, islands };
  if (Array.isArray(body)) {
    const viewBody = body.map((blok: unknown) => {
      if (!isBlok(blok) || isInvalidBlok(blok) || isIslandView(blok) || needsHydration(blok)) return blok;
      islands.add(blok._uid);
      return islandView(blok);
    });
    if (islands.size > 0) {
      const content = Object.freeze({ ...story.content, body: Object.freeze(viewBody) });
      result = { story: Object.freeze({ ...story, content }) as S, islands };
    }
  }
  storyViews.set(story, result);
  return result;
}

/** Block data with the entries of `islands` readable but not enumerable (not sent). */
export function documentBlockData<M extends Record<string, unknown>>(blockData: M, islands: ReadonlySet<string>): M {
  if (![...islands].some((uid) => Object.prototype.hasOwnProperty.call(blockData, uid))) return blockData;
  const out: Record<string, unknown> = {};
  for (const [uid, value] of Object.entries(blockData)) {
    if (islands.has(uid)) Object.defineProperty(out, uid, { value, enumerable: false });
    else out[uid] = value;
  }
  return out as M;
}

/**
 * A page's loader data as the current request should send it: for a document, with `story`'s
 * body islands as views and their `blockData` hidden; otherwise as it is.
 */
export function pageDataForRequest<T extends { story: StoryLike; blockData?: Record<string, unknown> }>(payload: T): T {
  if (!rendersDocument()) return payload;
  const { story, islands } = documentStory(payload.story);
  if (islands.size === 0) return payload;
  const out = { ...payload, story };
  if (payload.blockData) out.blockData = documentBlockData(payload.blockData, islands);
  return out;
}
