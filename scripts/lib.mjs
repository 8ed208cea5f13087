// Shared helpers for the start and test commands: plain Node, no dependencies, so they run on a
// fresh clone before `npm ci`.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
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
