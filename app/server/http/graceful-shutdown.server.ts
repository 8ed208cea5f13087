import type { RequestListener, Server, ServerResponse } from "node:http";

/**
 * Shutdown that drops no request. On the signal the instance says it is not ready (/readyz 503)
 * and answers every request with `Connection: close`, but keeps listening for `drainMs`: a
 * balancer sends new requests until its probes have seen the 503, and a connection it reuses
 * must not be closed under it. Then the listener closes, idle keep-alive connections close, the
 * requests in flight finish, background work stops, and the process exits; past `graceMs` from
 * the signal it exits anyway.
 */

export const DEFAULT_SHUTDOWN_GRACE_MS = 25_000;
export const DEFAULT_SHUTDOWN_DRAIN_MS = 5_000;

export interface ShutdownTimes {
  /** From the signal to the forced exit. */
  graceMs: number;
  /** From the signal to the listener's close (never past the grace). */
  drainMs: number;
}

/** The times of a shutdown from the environment's strings (validated by env.server.ts). */
export function shutdownTimes(env: { SHUTDOWN_GRACE_MS?: string; SHUTDOWN_DRAIN_MS?: string }): ShutdownTimes {
  const graceMs = env.SHUTDOWN_GRACE_MS !== undefined ? Number(env.SHUTDOWN_GRACE_MS) : DEFAULT_SHUTDOWN_GRACE_MS;
  const drainMs = env.SHUTDOWN_DRAIN_MS !== undefined ? Number(env.SHUTDOWN_DRAIN_MS) : DEFAULT_SHUTDOWN_DRAIN_MS;
  // The listener must close early enough for the requests it accepted to finish within the grace.
  return { graceMs, drainMs: Math.min(drainMs, Math.floor(graceMs / 2)) };
}

export interface GracefulShutdownOptions extends ShutdownTimes {
  server: Server;
  /** Stops background work that must not start anew (the outbox after its current batch); begun at the signal. */
  stopWork: () => Promise<unknown>;
  /** Closes what the last requests still used (the lead store); after the last connection ended. */
  closeResources: () => Promise<unknown>;
  exit: (code: number) => void;
  log: (message: string) => void;
}

export interface GracefulShutdown {
  /** True from the signal on: /readyz answers 503. */
  readonly draining: boolean;
  /** The server's listener, answering with `Connection: close` while draining. */
  wrap(listener: RequestListener): RequestListener;
  /** Begins the shutdown (a second call does nothing); `drainMs` overrides the listening time. */
  begin(signal: string, drainMs?: number): void;
}

export function createGracefulShutdown(options: GracefulShutdownOptions): GracefulShutdown {
  let draining = false;
  const { server, log } = options;
  // Responses begun before the signal: they too must close their connection when they end.
  const open = new Set<ServerResponse>();
  return {
    get draining() {
      return draining;
    },
    wrap(listener) {
      return (req, res) => {
        if (draining) res.setHeader("Connection", "close");
        else {
          open.add(res);
          res.once("close", () => open.delete(res));
        }
        listener(req, res);
      };
    },
    begin(signal, drainMs = options.drainMs) {
      if (draining) return;
      draining = true;
      for (const res of open) {
        if (!res.headersSent) res.setHeader("Connection", "close");
        else {
          const socket = res.req.socket;
          res.once("finish", () => socket.end());
        }
      }
      const started = Date.now();
      log(`${signal} received: not ready; listening ${drainMs} ms more, exiting within ${options.graceMs} ms`);
      const forced = setTimeout(() => {
        log(`shutdown grace of ${options.graceMs} ms over: exiting with requests still open`);
        options.exit(1);
      }, options.graceMs);
      forced.unref();
      const work = options.stopWork().catch((error: unknown) => log(`background work did not stop cleanly: ${String(error)}`));
      const closed = new Promise<void>((resolve) => {
        setTimeout(() => {
          // close() stops accepting and (Node 19+) ends idle keep-alive connections; the busy
          // ones end after their response, which says `Connection: close`.
          // A connection that turns idle later (its client opened it but sent nothing yet) is
          // closed by the next sweep rather than by the keep-alive timeout.
          const sweep = setInterval(() => server.closeIdleConnections(), 250);
          server.close(() => {
            clearInterval(sweep);
            resolve();
          });
          server.closeIdleConnections();
        }, drainMs).unref();
      });
      void Promise.all([closed, work])
        .then(() => options.closeResources())
        .catch((error: unknown) => log(`resources did not close cleanly: ${String(error)}`))
        .finally(() => {
          clearTimeout(forced);
          log(`shut down in ${Date.now() - started} ms`);
          options.exit(0);
        });
    },
  };
}
