// Shared helpers for the start and test commands: plain Node, no dependencies, so they run on a
// fresh clone before `npm ci`.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: "inherit", ...options, env: { ...process.env, ...options.env } });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

/** Installs dependencies from the lockfile when node_modules is missing or older than it. */
export function ensureDependencies() {
  const marker = "node_modules/.package-lock.json";
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync("package-lock.json").mtimeMs) return;
  console.log("Installing dependencies (npm ci)...");
  const status = run("npm", ["ci", "--no-audit", "--no-fund"]);
  if (status !== 0) process.exit(status);
}

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

const SOURCES = ["app", "public", "server.ts", "vite.config.ts", "tsconfig.json", "package-lock.json"];
const OUTPUTS = ["build/server/index.js", "server-build/server.js"];

/** Builds when the production build is missing or older than any source. */
export function ensureBuild({ force = false } = {}) {
  const built = Math.min(...OUTPUTS.map((f) => (existsSync(f) ? statSync(f).mtimeMs : 0)));
  const sources = Math.max(...SOURCES.map(newestMtime));
  if (!force && built > 0 && built >= sources) return;
  console.log("Building the site (npm run build)...");
  const status = run("npm", ["run", "build"]);
  if (status !== 0) process.exit(status);
}

/** Installs Debian packages with apt (with sudo when not root); the exit status. */
function aptInstall(packages) {
  const sudo = process.getuid?.() === 0 ? [] : ["sudo"];
  const env = { DEBIAN_FRONTEND: "noninteractive" };
  const apt = (args) => (sudo.length ? run("sudo", ["-E", "apt-get", ...args], { env }) : run("apt-get", args, { env }));
  const updated = apt(["update", "-qq"]);
  return updated !== 0 ? updated : apt(["install", "-y", "-qq", "--no-install-recommends", ...packages]);
}

/** The Chromium Playwright drives: Debian's package, installed with apt when missing. */
export function ensureChromium() {
  const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"].filter(Boolean);
  const found = candidates.find((c) => existsSync(c));
  if (found) return found;
  console.log("Chromium not found: installing Debian's chromium package with apt...");
  if (aptInstall(["chromium", "fonts-dejavu-core"]) !== 0) {
    console.error("Could not install chromium with apt. Install Debian's chromium package, or set CHROMIUM_PATH.");
    process.exit(1);
  }
  return "/usr/bin/chromium";
}

/**
 * The Java that runs the Nu Html Checker (npm vnu-jar, whose own Java download is denied in
 * package.json's allowScripts): JAVA_PATH, else `java` on the PATH, else Debian's
 * default-jre-headless, installed with apt.
 */
export function ensureJava() {
  if (process.env.JAVA_PATH && existsSync(process.env.JAVA_PATH)) return process.env.JAVA_PATH;
  const onPath = spawnSync("java", ["-version"], { stdio: "ignore" });
  if (!onPath.error && onPath.status === 0) return "java";
  console.log("Java not found: installing Debian's default-jre-headless package with apt...");
  if (aptInstall(["default-jre-headless"]) !== 0) {
    console.error("Could not install Java with apt. Install Debian's default-jre-headless package, or set JAVA_PATH.");
    process.exit(1);
  }
  return "/usr/bin/java";
}

/**
 * Varnish, the caching proxy the CDN recipe is tested with (deploy/varnish/default.vcl):
 * VARNISHD_PATH, else Debian's /usr/sbin/varnishd, installed with apt (the `varnish` package) when
 * missing. The package's service is not used: the test starts its own varnishd on 127.0.0.1.
 */
export function ensureVarnish() {
  const candidates = [process.env.VARNISHD_PATH, "/usr/sbin/varnishd"].filter(Boolean);
  const found = candidates.find((c) => existsSync(c));
  if (found) return found;
  console.log("Varnish not found: installing Debian's varnish package with apt...");
  if (aptInstall(["varnish"]) !== 0 || !existsSync("/usr/sbin/varnishd")) {
    console.error("Could not install varnish with apt. Install Debian's varnish package, or set VARNISHD_PATH.");
    process.exit(1);
  }
  return "/usr/sbin/varnishd";
}

// ---- Postgres for the test run ---------------------------------------------------------------

/** The folder of Debian's Postgres server binaries (initdb, pg_ctl), newest version first; null when none. */
function postgresBin() {
  if (process.env.PG_BIN && existsSync(path.join(process.env.PG_BIN, "initdb"))) return process.env.PG_BIN;
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(path.join(root, v, "bin", "initdb")))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? path.join(root, versions[0], "bin") : null;
}

/** Debian's Postgres server binaries, installed with apt (the `postgresql` package) when missing. */
export function ensurePostgres() {
  const found = postgresBin();
  if (found) return found;
  console.log("Postgres not found: installing Debian's postgresql package with apt...");
  if (aptInstall(["postgresql"]) !== 0) {
    console.error("Could not install postgresql with apt. Install Debian's postgresql package, or set PG_BIN.");
    process.exit(1);
  }
  const installed = postgresBin();
  if (!installed) {
    console.error("postgresql was installed but initdb was not found under /usr/lib/postgresql.");
    process.exit(1);
  }
  return installed;
}

/** A free TCP port on 127.0.0.1 (asked of the OS in a child process: this module stays synchronous). */
function freePort() {
  const script = "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})";
  const result = spawnSync(process.execPath, ["-e", script], { encoding: "utf8" });
  const port = Number(result.stdout);
  if (!Number.isInteger(port) || port <= 0) throw new Error("could not find a free port for Postgres");
  return port;
}

/**
 * Starts a throwaway Postgres cluster for the test run: a temporary folder, 127.0.0.1 on a free
 * port, its unix socket in that folder, trust authentication (nothing else can reach it), fsync
 * off (the data is thrown away). initdb refuses to run as root, so under root (CI) the cluster
 * belongs to Debian's `postgres` system user. Returns the connection URL and a synchronous
 * stop(), which stops the server and removes the folder (safe to call twice, e.g. on exit).
 */
export function startPostgres(bin = ensurePostgres()) {
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(path.join(os.tmpdir(), "kestrel-pg-"));
  const data = path.join(dir, "data");
  const as = (command, args) => {
    const full = path.join(bin, command);
    const result = asRoot
      ? spawnSync("runuser", ["-u", "postgres", "--", full, ...args], { encoding: "utf8" })
      : spawnSync(full, args, { encoding: "utf8" });
    if (result.error) throw result.error;
    return result;
  };
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    if (existsSync(path.join(data, "postmaster.pid"))) as("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    if (asRoot) run("chown", ["postgres:", dir]);
    const init = as("initdb", ["-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync", "--locale=C"]);
    if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr || init.stdout}`);
    const port = freePort();
    const options = `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`;
    const start = as("pg_ctl", ["-D", data, "-l", path.join(dir, "server.log"), "-o", options, "-w", "-t", "30", "start"]);
    if (start.status !== 0) {
      const log = existsSync(path.join(dir, "server.log")) ? readFileSync(path.join(dir, "server.log"), "utf8") : "";
      throw new Error(`pg_ctl start failed: ${start.stderr || start.stdout}\n${log}`);
    }
    return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, stop };
  } catch (error) {
    stop();
    throw error;
  }
}
