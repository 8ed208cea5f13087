vcl 4.1;

# The CDN recipe of ADR 034 and ADR 040, as Varnish 7 VCL: a shared cache in front of the site
# that shares each page between every visitor with the same variant, never serves one variant to
# another, and trusts nothing a client sends.
#
# Listeners (varnishd -a, by name; see docs/operations.md, "CDN recipe"):
#   -a http=:80                     plain HTTP from visitors (or a balancer that is not TLS)
#   -a tls=127.0.0.1:8443,PROXY     a TLS terminator (hitch, haproxy, nginx stream) with the
#                                   PROXY protocol: client.ip is the visitor's, from its header
#   -a admin=127.0.0.1:6082         PURGE only, from the site servers (CDN_PURGE_URL), with the
#                                   shared secret (site.vcl, CDN_PURGE_SECRET)
# X-Forwarded-For is never taken from a client: it is rebuilt as client.ip, the one address this
# proxy knows (with PROXY, the visitor's), and X-Forwarded-Proto says which listener it came on.
#
# - Country pages (/au, /nz; not the `.data` of client navigations, not editor previews): the cache
#   key is the path and the query parameters some page reads (DECLARED_QUERY_PARAMS of
#   app/features/page-keys/page-keys.ts, the same list; the server serves any other parameter from
#   the page without it, so the page is the same), sorted, + the site's host (site.vcl; any other
#   Host is passed, never stored) + the variant cookies only, with only the values the site writes:
#   `consent` (1: the banner), and under /au `auState` (the 8 states) and `isABN` (true/false).
#   Every other cookie or value is removed from the request, so it can neither split the cache nor
#   reach the origin. The server's `Vary: Cookie` is kept and honoured: on the normalised Cookie
#   header it is exactly the variant.
# - Build assets and media (/assets, /islands/assets, /media) are looked up without the visitor's cookies.
# - The server's Cache-Control decides the rest (Varnish's built-in rules): `s-maxage=60` is the
#   TTL, `stale-while-revalidate=300` the grace; `private`, `no-store`, `no-cache` or a Set-Cookie
#   make a response uncacheable (previews, form answers, overload 503s). Of country pages only
#   200 and the CMS 404 are stored, as in the server's own page cache: a redirect is not.
# - `PURGE` with `Surrogate-Key: <keys, space-separated>` and `X-Purge-Token: <secret>` (sent by
#   the server's publish webhook to CDN_PURGE_URL) on the admin listener bans every stored page
#   whose Surrogate-Key names one of them.
#
# The backend is in backend.vcl, the host and purge secret in site.vcl (next to this file;
# varnishd -p vcl_path=...), both replaced per deployment.

import std;
import cookie;

include "backend.vcl";
include "site.vcl";

sub vcl_recv {
    # Internal headers: never taken from a client.
    unset req.http.X-Page-Key;
    unset req.http.X-Purge-Expected;
    unset req.http.X-Site-Host;
    # The client's address is the one this proxy knows (with PROXY, the visitor's), never what
    # the client says; the origin trusts this one hop (TRUST_PROXY).
    set req.http.X-Forwarded-For = client.ip;
    if (local.socket == "tls") {
        set req.http.X-Forwarded-Proto = "https";
    } else {
        set req.http.X-Forwarded-Proto = "http";
    }

    # The admin listener takes purges and nothing else; purges come on it only.
    if (local.socket == "admin") {
        if (req.method != "PURGE") {
            return (synth(405, "Only PURGE on this listener"));
        }
    } elsif (req.method == "PURGE") {
        return (synth(405, "PURGE is not allowed here"));
    }

    if (req.method == "PURGE") {
        # The shared secret of site.vcl (CDN_PURGE_SECRET); without one, no purge is accepted.
        call site_purge_secret;
        if (!req.http.X-Purge-Expected || req.http.X-Purge-Expected == "" || req.http.X-Purge-Token != req.http.X-Purge-Expected) {
            unset req.http.X-Purge-Expected;
            return (synth(403, "PURGE needs the shared secret"));
        }
        unset req.http.X-Purge-Expected;
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
        # Pages are stored for the site's own host only (site.vcl), under that one spelling.
        call site_host;
        # Host in any case, with or without a trailing dot or the default port, is the same host.
        if (std.tolower(regsub(regsub(req.http.Host, "\.(:[0-9]+)?$", "\1"), ":(80|443)$", "")) != std.tolower(req.http.X-Site-Host)) {
            unset req.http.X-Site-Host;
            return (pass);
        }
        set req.http.Host = req.http.X-Site-Host;
        unset req.http.X-Site-Host;
        # A parameter name in another spelling (%-escapes, +) reads as a declared one at the
        # origin but not here: not stored.
        if (req.url ~ "[?&][^=&]*[%+]") {
            return (pass);
        }
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
        # TRACKING_PARAM in page-keys.ts), parameters sorted. The server gets the URL as it came: it
        # renders a page without those parameters, and a redirect keeps them for the visitor.
        set req.http.X-Page-Key = regsuball(req.url, "(?i)(?<=[?&])(utm_[a-z_]+|gclid|gclsrc|dclid|gbraid|wbraid|fbclid|msclkid|yclid|ttclid|twclid|li_fat_id|igshid|mc_cid|mc_eid|_ga|_gl|_hsenc|_hsmi|ref|srsltid)(=[^&]*)?(&|$)", "");
        # Only the parameters some page reads (DECLARED_QUERY_PARAMS in page-keys.ts; a unit test
        # keeps the two lists the same): the origin serves the page without any other.
        set req.http.X-Page-Key = regsuball(req.http.X-Page-Key, "(?<=[?&])(?!(?:acc|all|balloon|battery|build|buyer|calculator|category|colour|compare|dealer|deposit|drivetrain|engine|frequency|frequency_for|lat|lng|model|motor|page|pages|q|sort|state|submitted|tab|term|transmission|trim|use|variant|video|wheels)=)[^&]*(&|$)", "");
        set req.http.X-Page-Key = std.querysort(regsub(req.http.X-Page-Key, "[?&]+$", ""));

        # Only the variant cookies, with the values the site writes (cookies.ts, states.ts), in a
        # fixed order; NZ pages have no state or buyer type. Any other value is what the page
        # shows without the cookie: dropped, so it cannot make an entry of its own.
        cookie.parse(req.http.Cookie);
        set req.http.Cookie = "";
        if (cookie.get("consent") == "1") {
            set req.http.Cookie = "consent=1";
        }
        if (req.url ~ "^/au(/|\?|$)") {
            if (cookie.get("auState") ~ "^(ACT|NSW|NT|QLD|SA|TAS|VIC|WA)$") {
                set req.http.Cookie = req.http.Cookie + "; auState=" + cookie.get("auState");
            }
            if (cookie.get("isABN") ~ "^(true|false)$") {
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
    if (req.url ~ "^/(assets|islands/assets|media)/") {
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
