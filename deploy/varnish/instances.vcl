# Several site instances behind the recipe: use this file as backend.vcl (copy it next to
# default.vcl, or earlier on vcl_path), one backend per instance. Each instance is probed on
# /readyz: an instance that is shutting down answers 503 there at once and keeps serving for
# SHUTDOWN_DRAIN_MS, so it leaves the round robin before its listener closes. Keep
# SHUTDOWN_DRAIN_MS above the time the probe needs to call a draining instance sick: it answers
# 503 at once, so .window - .threshold + 1 failed probes, plus up to one .interval before the
# first (here 3 x 1 s + 1 s, under the default 5 s). A busy instance whose probe times out once or
# twice stays in (3 of the last 5 must succeed), so a loaded machine does not empty the rotation. A rolling deploy restarts one instance at a time and waits for Varnish to see it
# healthy again (varnishadm backend.list) before the next; docs/deploy.md.
# Run varnishd with `-p backend_idle_timeout=4`: Varnish must drop an idle connection to an
# instance before the instance does (Node's keep-alive timeout, 5 s), or a request it sends on a
# connection the instance is closing fails (Varnish retries a GET itself; a keyed POST is retried
# below, any other POST is not).

import directors;

probe site_ready {
    .url = "/readyz";
    .expected_response = 200;
    .interval = 1s;
    .timeout = 3s;
    .window = 5;
    .threshold = 3;
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
    # A lead post names its idempotency key: the site stores it once however often it is sent, so
    # it may be sent again (to the next instance) when its connection failed. Its body is kept
    # for that.
    if (req.method == "POST" && req.http.Idempotency-Key) {
        if (!std.cache_req_body(64KB)) {
            return (synth(413, "Request body too large"));
        }
    }
}

sub vcl_backend_error {
    # A reused connection the instance closed as the request went out (its keep-alive timeout or
    # its shutdown racing the probe): Varnish retries idempotent requests itself, a keyed post here.
    if (bereq.retries == 0 && bereq.method == "POST" && bereq.http.Idempotency-Key) {
        return (retry);
    }
}
