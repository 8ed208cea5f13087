vcl 4.1;

# The CDN recipe of ADR 034 (issue 26 item 5), as Varnish 7 VCL: a shared cache in front of the
# site that shares each page between every visitor with the same variant, and never serves one
# variant to another.
#
# - Country pages (/au, /nz; not the `.data` of client navigations, not editor previews): the cache
#   key is the path and query (tracking parameters dropped, parameters sorted) + the host + the
#   variant cookies only: `consent` (the banner), and under /au `auState` and `isABN` (prices and
#   the pricing form). Every other cookie (analytics: _ga, _fbp, ...) is removed from the request,
#   so it cannot split the cache; the site reads no other cookie on these pages
#   (app/features/page-cache/variant.ts, app/features/site-state/cookies.ts). The server's
#   `Vary: Cookie` is kept and honoured: on the normalised Cookie header it is exactly the variant.
# - Build assets and media (/assets, /media) are looked up without the visitor's cookies.
# - The server's Cache-Control decides the rest (Varnish's built-in rules): `s-maxage=60` is the
#   TTL, `stale-while-revalidate=300` the grace; `private`, `no-store`, `no-cache` or a Set-Cookie
#   make a response uncacheable (previews, form answers, overload 503s). Of country pages only
#   200 and the CMS 404 are stored, as in the server's own page cache: a redirect is not.
# - `PURGE` with `Surrogate-Key: <keys, space-separated>` (sent by the server's publish webhook
#   to CDN_PURGE_URL) bans every stored page whose Surrogate-Key names one of them. Allowed from
#   this machine only (acl purgers).
#
# The backend is in backend.vcl (next to this file; varnishd -p vcl_path=...).

import std;
import cookie;

include "backend.vcl";

acl purgers {
    "127.0.0.1";
    "::1";
}

sub vcl_recv {
    # Internal header: never taken from a client.
    unset req.http.X-Page-Key;

    if (req.method == "PURGE") {
        if (client.ip !~ purgers) {
            return (synth(405, "PURGE is not allowed from here"));
        }
        # Keys are the server's (surrogate-keys.ts): letters, digits, - and _. Anything else would
        # be read as a regular expression by the ban below.
        if (req.http.Surrogate-Key !~ "^ *[A-Za-z0-9_-]+( +[A-Za-z0-9_-]+)* *$") {
            return (synth(400, "Surrogate-Key: one or more keys, space-separated"));
        }
        # A key matches a whole space-separated word of the stored page's Surrogate-Key
        # (story-1 does not purge story-12). Only obj.* is used: the ban lurker clears matching
        # pages in the background as well as on their next lookup.
        if (!std.ban("obj.http.Surrogate-Key ~ (^|[[:space:]])(" +
            regsuball(regsub(req.http.Surrogate-Key, "^ +| +$", ""), " +", "|") +
            ")([[:space:]]|$)")) {
            return (synth(400, std.ban_error()));
        }
        return (synth(200, "Purged"));
    }

    if (req.method != "GET" && req.method != "HEAD") {
        return (pass);
    }

    if (req.url ~ "^/(au|nz)(/|\?|$)") {
        # Editor previews (signed _storyblok parameters) show drafts: never cached.
        if (req.url ~ "[?&]_storyblok") {
            return (pass);
        }
        # The data of client navigations is not a page (the server's page cache skips it too).
        if (req.url ~ "^[^?]*\.data(\?|$)") {
            return (pass);
        }
        if (req.http.Authorization) {
            return (pass);
        }

        # The key's URL: without campaign and click identifiers (the list of
        # TRACKING_PARAM in variant.ts), parameters sorted. The server gets the URL as it came: it
        # renders a page without those parameters, and a redirect keeps them for the visitor.
        set req.http.X-Page-Key = regsuball(req.url, "(?i)(?<=[?&])(utm_[a-z_]+|gclid|gclsrc|dclid|gbraid|wbraid|fbclid|msclkid|yclid|ttclid|twclid|li_fat_id|igshid|mc_cid|mc_eid|_ga|_gl|_hsenc|_hsmi|ref|srsltid)(=[^&]*)?(&|$)", "");
        set req.http.X-Page-Key = std.querysort(regsub(req.http.X-Page-Key, "[?&]+$", ""));

        # Only the variant cookies, in a fixed order; NZ pages have no state or buyer type.
        cookie.parse(req.http.Cookie);
        set req.http.Cookie = "";
        if (cookie.isset("consent")) {
            set req.http.Cookie = "consent=" + cookie.get("consent");
        }
        if (req.url ~ "^/au(/|\?|$)") {
            if (cookie.isset("auState")) {
                set req.http.Cookie = req.http.Cookie + "; auState=" + cookie.get("auState");
            }
            if (cookie.isset("isABN")) {
                set req.http.Cookie = req.http.Cookie + "; isABN=" + cookie.get("isABN");
            }
        }
        set req.http.Cookie = regsub(req.http.Cookie, "^; ", "");
        if (req.http.Cookie == "") {
            unset req.http.Cookie;
        }
        # Looked up even with cookies (the built-in rules would pass): Vary: Cookie keys on them.
        return (hash);
    }
    # Build assets and media (fingerprinted or public files, the image service): no cookie is
    # read, so a visitor's analytics cookies must not make them uncacheable.
    if (req.url ~ "^/(assets|media)/") {
        unset req.http.Cookie;
    }
    # Everything else: Varnish's built-in rules (requests with cookies are passed).
}

sub vcl_hash {
    if (req.http.X-Page-Key) {
        hash_data(req.http.X-Page-Key);
    } else {
        hash_data(req.url);
    }
    if (req.http.host) {
        hash_data(req.http.host);
    } else {
        hash_data(server.ip);
    }
    return (lookup);
}

sub vcl_backend_fetch {
    unset bereq.http.X-Page-Key;
}

sub vcl_backend_response {
    # Country pages: only a page (200) or the CMS 404 is stored; a redirect or an error is not.
    if (bereq.url ~ "^/(au|nz)(/|\?|$)" && beresp.status != 200 && beresp.status != 404) {
        set beresp.uncacheable = true;
        set beresp.ttl = 0s;
        return (deliver);
    }
    # Everything else: the built-in rules (s-maxage/max-age, stale-while-revalidate, no-store,
    # private, Set-Cookie, Vary: *).
}

sub vcl_deliver {
    # Whether this proxy answered from its cache (the server's own X-Cache is its page cache's).
    if (obj.uncacheable) {
        set resp.http.X-Proxy-Cache = "PASS";
    } elsif (obj.hits > 0) {
        set resp.http.X-Proxy-Cache = "HIT";
    } else {
        set resp.http.X-Proxy-Cache = "MISS";
    }
}
