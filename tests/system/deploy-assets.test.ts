import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePorts, waitFor } from "../support/net";

/**
 * A deploy breaks no page a cache still holds. Two releases in folders of their own, as a host
 * keeps them: release 1 is this production build; release 2 is the same with the islands built
 * again after a change to the islands' runtime (a new runtime chunk, a new entry: the names
 * release 1's pages give are not in release 2). Each release's assets are retained
 * (scripts/retain-assets.ts) in one folder. Varnish (the shipped recipe) stores a page rendered by
 * release 1; release 1 stops and release 2 starts on the same port. Chromium then gets release 1's
 * page from Varnish, and its scripts load from release 2's server and it hydrates. Only the
 * islands are built twice (Remix's build is the same in both): the cheapest honest change.
 */

const ROOT = process.cwd();
const VARNISHD = [process.env.VARNISHD_PATH, "/usr/sbin/varnishd"].find((p): p is string => Boolean(p && existsSync(p)));
const CHROMIUM = [process.env.CHROMIUM_PATH, "/usr/bin/chromium"].find((p): p is string => Boolean(p && existsSync(p)));
const BUILT = existsSync("server-build/server.js") && existsSync("build/server/index.js") && existsSync("build/client/islands/.vite/manifest.json");
const VCL = path.resolve("deploy/varnish/default.vcl");
const PAGE = "/au/models/suv/tarrak";

function stop(child: ChildProcess | null, signal: NodeJS.Signals = "SIGTERM"): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill("SIGKILL"), 10_000);
    child.once("exit", () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill(signal);
  });
}

/** A release folder: this build's server and Remix files, and the given islands build. */
function release(dir: string, islands: string): string {
  mkdirSync(path.join(dir, "build", "client"), { recursive: true });
  symlinkSync(path.join(ROOT, "build", "server"), path.join(dir, "build", "server"));
  symlinkSync(path.join(ROOT, "build", "client", "assets"), path.join(dir, "build", "client", "assets"));
  symlinkSync(islands, path.join(dir, "build", "client", "islands"));
  symlinkSync(path.join(ROOT, "server-build"), path.join(dir, "server-build"));
  symlinkSync(path.join(ROOT, "public"), path.join(dir, "public"));
  return dir;
}

/** The islands' entry a page's HTML loads. */
function entryOf(html: string): string {
  const entry = /\/islands\/assets\/entry\.islands-[\w-]+\.js/.exec(html)?.[0];
  if (!entry) throw new Error("the page names no islands entry");
  return entry;
}

const suite = BUILT && VARNISHD && CHROMIUM ? describe : describe.skip;

suite("a deploy breaks no cached page (two builds, Varnish, Chromium)", () => {
  let dir = "";
  let retained = "";
  let release1 = "";
  let release2 = "";
  let port = 0;
  let proxy = "";
  let server: ChildProcess | null = null;
  let varnish: ChildProcess | null = null;
  const log: string[] = [];

  function startServer(cwd: string): Promise<void> {
    server = spawn(process.execPath, ["server-build/server.js"], {
      cwd,
      env: {
        PATH: process.env.PATH ?? "",
        NODE_ENV: "production",
        HOST: "127.0.0.1",
        PORT: String(port),
        SITE_URL: proxy,
        CONTENT_DIR: path.join(ROOT, "content-fixtures"),
        LEADS_DB_PATH: path.join(dir, "leads.db"),
        RETAINED_ASSETS_DIR: retained,
        SHUTDOWN_DRAIN_MS: "0",
        LOG_FORMAT: "json",
        REVERSE_GEOCODE_URL: "",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    server.stdout?.on("data", (c: Buffer) => log.push(c.toString()));
    server.stderr?.on("data", (c: Buffer) => log.push(c.toString()));
    return waitFor("the server", async () => (await fetch(`http://127.0.0.1:${port}/healthz`)).ok, 30_000);
  }

  function retain(releaseDir: string): void {
    const run = spawnSync(process.execPath, [path.join(ROOT, "node_modules", "tsx", "dist", "cli.mjs"), path.join(ROOT, "scripts", "retain-assets.ts"), "--build", path.join(releaseDir, "build"), "--retained", retained], {
      encoding: "utf8",
    });
    if (run.status !== 0) throw new Error(`retain-assets failed: ${run.stderr}`);
  }

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "deploy-assets-"));
    chmodSync(dir, 0o755);
    retained = path.join(dir, "retained");

    // Release 2's islands: the same sources, the runtime changed (built with Vite's API and the
    // project's islands config; ~30-60 s here).
    const islands2 = path.join(dir, "islands-2");
    const script = `
      import { build } from "vite";
      await build({
        configFile: "vite.islands.config.ts",
        logLevel: "warn",
        build: { outDir: ${JSON.stringify(islands2)}, emptyOutDir: true },
        plugins: [{
          name: "changed-island",
          enforce: "pre",
          transform(code, id) {
            if (id.endsWith("/app/islands-runtime.tsx")) return code + "\\nconsole.debug('release 2');\\n";
          },
        }],
      });`;
    const built = spawnSync(process.execPath, ["--input-type=module", "-e", script], { cwd: ROOT, encoding: "utf8", timeout: 240_000 });
    if (built.status !== 0) throw new Error(`the second islands build failed: ${built.stderr}`);

    release1 = release(path.join(dir, "release-1"), path.join(ROOT, "build", "client", "islands"));
    release2 = release(path.join(dir, "release-2"), islands2);

    const [serverPort, proxyPortFree] = await freePorts(2);
    port = serverPort;
    proxy = `http://127.0.0.1:${proxyPortFree}`;
    writeFileSync(path.join(dir, "backend.vcl"), `backend default {\n    .host = "127.0.0.1";\n    .port = "${port}";\n}\n`);
    writeFileSync(path.join(dir, "site.vcl"), `sub site_host {\n    set req.http.X-Site-Host = "127.0.0.1:${proxyPortFree}";\n}\nsub site_purge_secret {\n    set req.http.X-Purge-Expected = "";\n}\n`);
    varnish = spawn(VARNISHD!, ["-F", "-a", `http=127.0.0.1:${proxyPortFree}`, "-T", "none", "-n", path.join(dir, "varnish"), "-f", VCL, "-p", `vcl_path=${dir}:${path.dirname(VCL)}`, "-s", "malloc,64m"], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    varnish.stdout?.on("data", (c: Buffer) => log.push(c.toString()));
    varnish.stderr?.on("data", (c: Buffer) => log.push(c.toString()));
  }, 300_000);

  afterAll(async () => {
    await stop(server);
    await stop(varnish);
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("hydrates release 1's cached page after release 2 is live", async () => {
    // Release 1 is live; its page is stored by Varnish (its assets are not asked for).
    retain(release1);
    await startServer(release1);
    await waitFor("Varnish", async () => (await fetch(`${proxy}/healthz`)).ok, 30_000);
    const first = await fetch(`${proxy}${PAGE}`);
    const html1 = await first.text();
    expect(first.status).toBe(200);
    const entry1 = entryOf(html1);

    // The deploy: release 2's assets retained, release 1 stopped, release 2 started.
    retain(release2);
    await stop(server);
    await startServer(release2);
    const entry2 = entryOf(await (await fetch(`http://127.0.0.1:${port}${PAGE}`)).text());
    expect(entry2).not.toBe(entry1);
    // Release 2's own build has no file of release 1's entry: only the retained folder does.
    expect(readdirSync(path.join(release2, "build", "client", "islands", "assets"))).not.toContain(path.basename(entry1));

    const { chromium } = await import("playwright-core");
    const browser = await chromium.launch({ executablePath: CHROMIUM });
    try {
      const page = await browser.newPage();
      const failed: string[] = [];
      page.on("response", (response) => {
        if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
      });
      page.on("requestfailed", (request) => failed.push(`failed ${request.url()}`));
      const response = await page.goto(`${proxy}${PAGE}`);
      // The page came from the cache: release 1's HTML, naming release 1's entry.
      expect(response?.headers()["x-proxy-cache"]).toBe("HIT");
      expect(await response?.text()).toContain(entry1);
      await page.locator("html[data-hydrated]").waitFor({ state: "attached", timeout: 30_000 });
      // The header's island hydrates when the visitor heads for it: with React and the islands'
      // runtime, the chunk release 2 changed (release 1's, from the retained folder).
      const header = page.locator('[data-island="site-header"]');
      await header.locator("a, button").first().dispatchEvent("pointerover");
      await page.locator('[data-island="site-header"][data-island-ready]').waitFor({ state: "attached", timeout: 30_000 });
      expect(await page.locator("[data-island-failed]").count()).toBe(0);
      const runtime1 = (await header.getAttribute("data-island-chunks"))?.split(" ").find((file) => file.includes("/islands-runtime-"));
      expect(runtime1).toBeDefined();
      expect(readdirSync(path.join(release2, "build", "client", "islands", "assets"))).not.toContain(path.basename(runtime1!));
      expect(failed, log.slice(-20).join("")).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});

if (!(BUILT && VARNISHD && CHROMIUM)) {
  describe("a deploy breaks no cached page", () => {
    it.skip("needs the production build, varnishd and Chromium", () => {});
  });
}
