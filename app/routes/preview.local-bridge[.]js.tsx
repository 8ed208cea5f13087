import { getEnv } from "~/server/env.server";
import { LOCAL_BRIDGE_SOURCE } from "~/features/preview/local-bridge";
import { CacheControl } from "~/server/http/cache-control";

/** The local stand-in of Storyblok's bridge script; only on the local content (with Storyblok the real one loads). */
export function loader() {
  if (getEnv().STORYBLOK_TOKEN) {
    return new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  return new Response(LOCAL_BRIDGE_SOURCE, {
    headers: { "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": CacheControl.publicFiveMinutes, "X-Robots-Tag": "noindex" },
  });
}
