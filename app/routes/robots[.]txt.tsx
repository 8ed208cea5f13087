import { getEnv } from "~/server/env.server";
import { robotsTxt } from "~/features/seo/robots";
import { CacheControl } from "~/server/http/cache-control";

/** GET /robots.txt: everything may be crawled except the content API; points at the sitemap. */
export function loader() {
  return new Response(robotsTxt(getEnv().SITE_URL), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": CacheControl.publicHour },
  });
}
