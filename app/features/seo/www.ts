/**
 * www redirect (spec site.md section 2: in production the host without 'www' is rewritten to the
 * 'www' form). Pure and framework-free so server.ts can mount it as middleware:
 *
 *   const target = wwwRedirect(`${req.protocol}://${req.get("host")}${req.originalUrl}`, env.SITE_URL);
 *   if (IS_PROD && target) return res.redirect(301, target);
 */

/**
 * The www URL to redirect to (301), or null. Only when SITE_URL's host starts with `www.` and the
 * request's host is that host without `www.`; path and query are kept, and the scheme and port are
 * SITE_URL's. Any other host (localhost, previews, the www host itself) is left alone.
 */
export function wwwRedirect(requestUrl: string | URL, siteUrl: string): string | null {
  let request: URL;
  let site: URL;
  try {
    request = new URL(requestUrl);
    site = new URL(siteUrl);
  } catch {
    return null;
  }
  const siteHost = site.hostname.toLowerCase();
  if (!siteHost.startsWith("www.")) return null;
  if (request.hostname.toLowerCase() !== siteHost.slice(4)) return null;
  return `${site.protocol}//${site.host}${request.pathname}${request.search}`;
}
