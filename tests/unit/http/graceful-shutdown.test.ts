import { createServer, request, Agent, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createGracefulShutdown, shutdownTimes, type GracefulShutdown } from "~/server/http/graceful-shutdown.server";

/**
 * The shutdown, on a real HTTP server on 127.0.0.1: a request in flight at the signal finishes;
 * one sent during the drain time (on a new connection, as a balancer that has not yet seen the
 * 503 would) is answered; every answer after the signal closes its connection; an idle keep-alive
 * connection is closed; the listener then refuses; background work is stopped at the signal and
 * resources closed after the last response; a request that never ends is cut at the grace.
 */

interface Started {
  server: Server;
  url: string;
  shutdown: GracefulShutdown;
  events: string[];
  exited: Promise<number>;
}

const servers: Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    server.close();
  }
});

async function start(handlerDelayMs: (path: string) => number | null, times = { graceMs: 3_000, drainMs: 300 }): Promise<Started> {
  const server = createServer();
  servers.push(server);
  const events: string[] = [];
  let exit!: (code: number) => void;
  const exited = new Promise<number>((resolve) => (exit = resolve));
  const shutdown = createGracefulShutdown({
    server,
    ...times,
    stopWork: async () => {
      events.push("work stopped");
    },
    closeResources: async () => {
      events.push("resources closed");
    },
    exit: (code) => {
      events.push(`exit ${code}`);
      exit(code);
    },
    log: () => {},
  });
  server.on(
    "request",
    shutdown.wrap((req, res) => {
      const delay = handlerDelayMs(req.url ?? "/");
      if (delay === null) return; // never answers
      setTimeout(() => {
        events.push(`answered ${req.url}`);
        res.end(req.url);
      }, delay);
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, shutdown, events, exited };
}

function get(url: string, agent?: Agent): Promise<{ status: number; body: string; connection: string | undefined }> {
  return new Promise((resolve, reject) => {
    request(url, { agent }, (res: IncomingMessage) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body, connection: res.headers.connection }));
    })
      .on("error", reject)
      .end();
  });
}

describe("graceful shutdown", () => {
  it("finishes what it accepted, keeps accepting for the drain time, then closes and exits", async () => {
    const { url, shutdown, events, exited, server } = await start(() => 400);
    const keepAlive = new Agent({ keepAlive: true, maxSockets: 1 });
    // A keep-alive connection left idle before the signal.
    expect((await get(`${url}/idle`, keepAlive)).connection).toBe("keep-alive");
    const idleSockets = () => Object.values(keepAlive.freeSockets).flat().length;
    expect(idleSockets()).toBe(1);

    const inFlight = get(`${url}/in-flight`);
    await new Promise((r) => setTimeout(r, 50));
    expect(shutdown.draining).toBe(false);
    shutdown.begin("SIGTERM");
    expect(shutdown.draining).toBe(true);
    expect(events).toContain("work stopped");

    // Sent during the drain time, on a new connection: still accepted and answered.
    await new Promise((r) => setTimeout(r, 100));
    const duringDrain = get(`${url}/during-drain`);

    const first = await inFlight;
    expect(first).toEqual({ status: 200, body: "/in-flight", connection: "close" });
    expect(await duringDrain).toEqual({ status: 200, body: "/during-drain", connection: "close" });

    // Past the drain time the listener is closed: a new connection is refused.
    await new Promise((r) => setTimeout(r, 300));
    expect(server.listening).toBe(false);
    await expect(get(`${url}/after`)).rejects.toThrow(/ECONNREFUSED/);
    // The idle keep-alive connection was closed by the server.
    expect(idleSockets()).toBe(0);

    expect(await exited).toBe(0);
    expect(events.indexOf("resources closed")).toBeGreaterThan(events.indexOf("answered /during-drain"));
    expect(events.at(-1)).toBe("exit 0");
    keepAlive.destroy();
  });

  it("exits at the grace when a request never ends", async () => {
    const { url, shutdown, exited } = await start((path) => (path === "/stuck" ? null : 10), { graceMs: 400, drainMs: 50 });
    const stuck = get(`${url}/stuck`).catch((error: unknown) => error);
    await new Promise((r) => setTimeout(r, 50));
    const began = Date.now();
    shutdown.begin("SIGTERM");
    expect(await exited).toBe(1);
    expect(Date.now() - began).toBeGreaterThanOrEqual(390);
    void stuck;
  });

  it("takes its times from the environment: 25 s of grace and 5 s of drain by default, the drain at most half the grace", () => {
    expect(shutdownTimes({})).toEqual({ graceMs: 25_000, drainMs: 5_000 });
    expect(shutdownTimes({ SHUTDOWN_GRACE_MS: "60000", SHUTDOWN_DRAIN_MS: "15000" })).toEqual({ graceMs: 60_000, drainMs: 15_000 });
    expect(shutdownTimes({ SHUTDOWN_GRACE_MS: "4000" })).toEqual({ graceMs: 4_000, drainMs: 2_000 });
    expect(shutdownTimes({ SHUTDOWN_DRAIN_MS: "0" })).toEqual({ graceMs: 25_000, drainMs: 0 });
  });
});
