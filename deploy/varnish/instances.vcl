# Several site instances behind the recipe: use this file as backend.vcl (copy it next to
# default.vcl, or earlier on vcl_path), one backend per instance. Each instance is probed on
# /readyz: an instance that is shutting down answers 503 there at once and keeps serving for
# SHUTDOWN_DRAIN_MS, so it leaves the round robin before its listener closes. Keep
# SHUTDOWN_DRAIN_MS above .interval x .threshold plus one .timeout (here 1 s x 2 + 2 s < 5 s, the
# default). A rolling deploy restarts one instance at a time and waits for Varnish to see it
# healthy again (varnishadm backend.list) before the next; docs/deploy.md.

import directors;

probe site_ready {
    .url = "/readyz";
    .expected_response = 200;
    .interval = 1s;
    .timeout = 2s;
    .window = 3;
    .threshold = 2;
}

backend site1 {
    .host = "127.0.0.1";
    .port = "3001";
    .probe = site_ready;
    .connect_timeout = 2s;
    .first_byte_timeout = 30s;
    .between_bytes_timeout = 10s;
}

backend site2 {
    .host = "127.0.0.1";
    .port = "3002";
    .probe = site_ready;
    .connect_timeout = 2s;
    .first_byte_timeout = 30s;
    .between_bytes_timeout = 10s;
}

sub vcl_init {
    new site = directors.round_robin();
    site.add_backend(site1);
    site.add_backend(site2);
}

sub vcl_recv {
    set req.backend_hint = site.backend();
}
