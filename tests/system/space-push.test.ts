import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pushSpace } from "../../scripts/space/mapi-push";
import { startMapiStandin, writeBackContentFolder } from "../../scripts/space/mapi-standin";
import { buildSpaceSchema } from "../../scripts/space/schema";
import { ALLOWED_UNKNOWN_BLOK_STORIES } from "~/content/check";
import { buildSeed } from "../../scripts/space/seed-export";
import { readFixtureSet, readSeed, writeSeed } from "../../scripts/space/seed-files";
import { freePort } from "../support/net";

/**
 * The site on a space filled by `npm run space:push`: the fixture content is exported, pushed
 * into the Management API stand-in, written back as a content folder, and the production build
 * serves a smoke set of pages from it (home per country, a model page, news, a news article,
 * offers) with their key content.
 */

const BUILT = existsSync("server-build/server.js") && existsSync("build/server/index.js");
const suite = BUILT ? describe : describe.skip;

suite("the production build on content pushed through the Management API", () => {
  let dir: string;
  let child: ChildProcess | null = null;
  let base = "";
  const log: string[] = [];
  let pageFields: string[] = [];
  let ourPageFields: string[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "space-push-system-"));
    const schema = buildSpaceSchema("seed");
    writeSeed(dir, buildSeed(await readFixtureSet("content-fixtures"), { exclude: ALLOWED_UNKNOWN_BLOK_STORIES }), "content-fixtures", { components: schema.components, groups: schema.groups });
    const { seed, assetBytes } = readSeed(dir);
    const standin = await startMapiStandin();
    try {
      await pushSpace({
        spaceId: standin.spaceId,
        token: standin.token,
        baseUrl: standin.url,
        rateLimit: false,
        manifestFile: path.join(dir, "push", "manifest.jsonl"),
        seed,
        schema: { components: schema.components, groups: schema.groups },
        assetBytes,
      });
    } finally {
      await standin.close();
    }
    const fieldsOf = (c: unknown) => Object.keys((c as { schema: object } | undefined)?.schema ?? {}).sort();
    pageFields = fieldsOf(standin.store.components.find((c) => c.name === "page"));
    ourPageFields = fieldsOf(schema.components.find((c) => (c as { name: string }).name === "page"));
    const contentDir = path.join(dir, "content");
    writeBackContentFolder(standin.store, contentDir);

    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, ["server-build/server.js"], {
      env: {
        PATH: process.env.PATH ?? "",
        NODE_ENV: "production",
        PORT: String(port),
        HOST: "127.0.0.1",
        SITE_URL: base,
        CONTENT_DIR: contentDir,
        LEADS_DB_PATH: path.join(dir, "leads.sqlite"),
        REVERSE_GEOCODE_URL: "",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const keep = (chunk: Buffer) => {
      log.push(chunk.toString());
      if (log.length > 100) log.shift();
    };
    child.stdout?.on("data", keep);
    child.stderr?.on("data", keep);
    const deadline = Date.now() + 30_000;
    for (;;) {
      try {
        if ((await fetch(`${base}/healthz`)).ok) break;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error(`server did not start:\n${log.join("")}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }, 240_000);

  afterAll(async () => {
    if (child && child.exitCode === null) {
      await new Promise<void>((resolve) => {
        child?.once("exit", () => resolve());
        child?.kill("SIGTERM");
      });
    }
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const page = async (url: string) => {
    const res = await fetch(`${base}${url}`, { redirect: "manual" });
    return { status: res.status, html: await res.text() };
  };

  it.each([
    ["/au", /<title>[^<]*Kestrel/],
    ["/nz", /<html lang="en-NZ"/],
    ["/au/models/ute/kordan", /Kordan/],
    ["/au/news/mirra-gt-launch", /Mirra GT/],
    ["/au/offers", /Kordan/],
    ["/au/finance", /Kestrel Finance/],
  ])("%s answers 200 with its content", async (url, text) => {
    const { status, html } = await page(url);
    expect(status, log.join("")).toBe(200);
    expect(text.test(html), `${url} lacks ${text}`).toBe(true);
  });

  it("lists the news newest first by the fixtures' first publish dates, not the push time", async () => {
    const { status, html } = await page("/au/news");
    expect(status).toBe(200);
    const titles = [...html.matchAll(/class="listing-card__link"[^>]*>([^<]+)</g)].map((m) => m[1]);
    // The three newest AU articles by the fixtures' dates ("On-road costs explained" is NZ-only).
    expect(titles.slice(0, 3)).toEqual([
      "First look: Kordan Outback Pro",
      "Kestrel dealer network grows to 120 locations",
      "Kestrel Rally of the Ranges raises $120,000",
    ]);
  });

  it("gives the space's own default `page` every field of ours, not just `body`", () => {
    expect(ourPageFields.length).toBeGreaterThan(1);
    expect(pageFields).toEqual(ourPageFields);
  });

  it("serves the pushed assets under /media/ and keeps unpublished news hidden", async () => {
    const image = await fetch(`${base}/media/kestrel-brochure.pdf`);
    expect(image.status).toBe(200);
    expect((await page("/au/news/tarrak-my27-update")).status).toBe(404);
  });
});
