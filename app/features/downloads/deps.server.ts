import path from "node:path";
import { getEnv } from "~/server/env.server";
import type { ByteBudget, DownloadDeps } from "./downloads.server";

/** The download endpoints' dependencies from the environment and the request (and its client's byte budget). */
export function downloadDeps(request: Request, budget?: ByteBudget): DownloadDeps {
  const env = getEnv();
  const origins = new Set<string>();
  try {
    origins.add(new URL(env.SITE_URL).origin);
  } catch {
    // SITE_URL is validated at start; an unusable one only means absolute URLs are not local.
  }
  origins.add(new URL(request.url).origin);
  return {
    storyblok: Boolean(env.STORYBLOK_TOKEN),
    siteOrigins: [...origins],
    assetHost: env.STORYBLOK_ASSET_HOST,
    assetsDir: path.join(env.CONTENT_DIR_ABS, "assets"),
    fetch: globalThis.fetch,
    budget,
  };
}
