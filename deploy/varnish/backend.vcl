# The origin: one site server (server-build/server.js). default.vcl includes this file; replace it
# per deployment (several instances: a director of backends, see Varnish's vmod_directors).
backend default {
    .host = "127.0.0.1";
    .port = "3000";
    .connect_timeout = 2s;
    .first_byte_timeout = 30s;
    .between_bytes_timeout = 10s;
}
