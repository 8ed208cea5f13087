/**
 * Speculation Rules for the islands' pages: Chromium fetches a same-site page when a visitor
 * hovers or presses its link, so the document navigation that follows starts from the HTTP
 * cache. Prefetch, not prerender: a prerendered page would run its islands (and send a page view)
 * for pages never opened. Files, resource routes and `nofollow` links (the configurator's option
 * links, a build each) are left out.
 */
export const SPECULATION_RULES = JSON.stringify({
  prefetch: [
    {
      where: {
        and: [
          { href_matches: "/*" },
          { not: { href_matches: "/api/*" } },
          { not: { href_matches: "/media/*" } },
          { not: { href_matches: "/*.*" } },
          { not: { selector_matches: "[rel~=nofollow], [download]" } },
        ],
      },
      eagerness: "moderate",
    },
  ],
});
