# Several site instances behind the recipe: use this file as backend.vcl (copy it next to
# default.vcl, or earlier on vcl_path), one backend per instance. Each instance is probed on
# /readyz: an instance that is shutting down answers 503 there at once and keeps serving for
# SHUTDOWN_DRAIN_MS, so it leaves the round robin before its listener closes. Keep
# SHUTDOWN_DRAIN_MS above the time the probe needs to call a draining instance sick: .threshold
# failed probes of the .window, plus up to one .interval before the first (here 2 x 1 s + 1 s,
# under the default 5 s). A rolling deploy restarts one instance at a time and waits for Varnish to see it
# healthy again (varnishadm backend.list) before the next; docs/deploy.md.
# Run varnishd with `-p backend_idle_timeout=4`: Varnish must drop an idle connection to an
# instance before the instance does (Node's keep-alive timeout, 5 s), or a request it sends on a
# connection the instance is closing fails (a POST is not retried).

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
