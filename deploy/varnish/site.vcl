# Per deployment, like backend.vcl (default.vcl includes it; replace it next to it or earlier on
# vcl_path). Nothing here is trusted by default: the host is a placeholder and no purge secret is
# set, so no purge is accepted until it is.

# The site's public host (SITE_URL's, e.g. "www.kestrelmotors.com.au"): the only Host pages are
# stored for; a request for any other host is passed to the origin, never stored.
sub site_host {
    set req.http.X-Site-Host = "localhost";
}

# The purge secret: the site servers' CDN_PURGE_SECRET, sent as X-Purge-Token. Empty: every
# PURGE is refused (403).
sub site_purge_secret {
    set req.http.X-Purge-Expected = "";
}
