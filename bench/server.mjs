// The production server for the benchmarks: builds first when there is no build, starts
// server-build/server.js on BENCH_PORT (3305) and waits for /healthz.
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

export const PORT = Number(process.env.BENCH_PORT ?? 3305);
export const BASE = `http://127.0.0.1:${PORT}`;

export function ensureBuild() {
  if (existsSync("server-build/server.js") && existsSync("build/server/index.js")) return;
  console.log("No build: running npm run build");
  if (spawnSync("npm", ["run", "build"], { stdio: "inherit" }).status !== 0) process.exit(1);
}

/**
 * Starts the production server; `env` adds variables (e.g. PAGE_CACHE_MAX_BYTES=0), `port` another
 * port. `ownSession`: the server runs in a session of its own. Linux schedules each session as one
 * group (autogroup), so on a shared machine the server then gets a share of the CPU of its own
 * instead of splitting one with the load generators, as on a machine of its own (measured on a
 * shared 2-core machine during a crawl: the server's main thread spent two thirds of the time
 * waiting for a CPU).
 */
export async function startServer({ env = {}, port = PORT, ownSession = false } = {}) {
  ensureBuild();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["server-build/server.js"], {
    env: { MALLOC_ARENA_MAX: "2", ...process.env, PORT: String(port), HOST: "127.0.0.1", NODE_ENV: "production", ...env },
    stdio: ["ignore", "ignore", "pipe"],
    detached: ownSession,
  });
  // A server in its own session would outlive a benchmark that dies.
  const kill = () => child.kill("SIGTERM");
  process.once("exit", kill);
  // The server's warnings and errors, without its access lines: under overload those are the fast
  // 503s, thousands a second, which would flood the figures (and, written through to a slow
  // terminal, hold up the server, whose writes to a pipe are synchronous).
  let rest = "";
  child.stderr.setEncoding("utf8");
  child.stderr.on("data", (chunk) => {
    const lines = (rest + chunk).split("\n");
    rest = lines.pop() ?? "";
    for (const line of lines) if (line && !line.includes('"msg":"request"')) process.stderr.write(`[server ${port}] ${line}\n`);
  });
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return { base, pid: child.pid, stop: kill };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill();
  throw new Error(`The server did not start on port ${port} (is the port in use?)`);
}
