import { data } from "@remix-run/node";
import type { Country } from "~/content/schema";
import { getStory } from "~/content/stories.server";
import { loadGlobals } from "~/features/shell/globals.server";
import type { NotFoundPayload } from "./error-screen";

/**
 * Throws a 404 whose payload carries the CMS `error` story, so the error screen can render it
 * inside the layout. `withGlobals` also loads the shell's stories (when no layout loader ran).
 */
export async function throwNotFound(
  request: Request,
  opts: { country: Country; message: string; withGlobals?: boolean },
): Promise<never> {
  const path = new URL(request.url).pathname;
  const [errorStory, globals] = await Promise.all([
    getStory("error", { country: opts.country }),
    opts.withGlobals ? loadGlobals(opts.country) : Promise.resolve(null),
  ]);
  const payload: NotFoundPayload = {
    notFound: true,
    message: `${opts.message}: ${path}`,
    path,
    country: opts.country,
    errorStory: errorStory?.content ?? null,
    globals,
  };
  throw data(payload, { status: 404, headers: { "Cache-Control": "public, max-age=60" } });
}
