import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { expect, test } from "@playwright/test";
import { contactUsLead, submittedKey, type LeadSender } from "../support/leads";
import { freePort } from "../support/net";
import { collectPageErrors, jsDisabled, waitForHydration } from "./helpers";

/**
 * The production build under its security headers: pages run without a single CSP violation
 * (a shareable page's scripts by their hashes, a private answer's by its nonce), and a crash in the middle of a load of lead posts
 * loses no acknowledged lead.
 */

test("pages carry the security headers and run under the CSP without violations", async ({ page }, testInfo) => {
  test.slow(); // two pages and the configurator
  const errors = collectPageErrors(page);
  const response = await page.goto("/au");
  expect(response?.status()).toBe(200);
  const headers = response?.headers() ?? {};
  const csp = headers["content-security-policy"] ?? "";
  // A page a shared cache may store names its inline scripts' hashes: no nonce to replay.
  expect(csp).not.toContain("'nonce-");
  const hashes = new Set(/script-src ([^;]*)/.exec(csp)?.[1]?.split(" ").filter((s) => s.startsWith("'sha256-")));
  expect(hashes.size).toBeGreaterThan(0);
  expect(csp).toContain("frame-ancestors 'self' https://app.storyblok.com");
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  expect(headers["strict-transport-security"]).toContain("max-age=31536000");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["permissions-policy"]).toContain("geolocation=(self)");
  expect(headers["x-request-id"]).toBeTruthy();

  if (!jsDisabled(testInfo)) {
    await waitForHydration(page, testInfo);
    // Every inline script ran because the policy names its hash.
    const inline = await page.evaluate(async () => {
      const out: string[] = [];
      // Data blocks (JSON-LD, islands' props) are not run, so the policy does not name them.
      for (const script of [...document.scripts].filter((s) => !s.src && !/^application\/(ld\+)?json$/.test(s.type))) {
        const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(script.textContent ?? ""));
        out.push(`'sha256-${btoa(String.fromCharCode(...new Uint8Array(digest)))}'`);
      }
      return out;
    });
    expect(inline.length).toBeGreaterThan(0);
    for (const hash of inline) expect(hashes).toContain(hash);
    // The next page is a new document under its own policy.
    await page.locator("footer a[href^='/au/']").first().click();
    await expect(page).not.toHaveURL(/\/au$/);
    await page.goto("/au/dealer-locator");
    await waitForHydration(page, testInfo);

    // A response of its own (the calculator's submit sets the buyer's choice: private) keeps a
    // per-response nonce.
    const own = await page.goto("/au/config/tarrak?calculator=1&use=Individual");
    const ownCsp = own?.headers()["content-security-policy"] ?? "";
    const nonce = /'nonce-([^']+)'/.exec(ownCsp)?.[1] ?? "";
    expect(nonce).not.toBe("");
    expect(ownCsp).toContain("'strict-dynamic'");
    await waitForHydration(page, testInfo);
    const nonces = await page.evaluate(() => [...document.scripts].filter((s) => !s.src && !/^application\/(ld\+)?json$/.test(s.type)).map((s) => s.nonce));
    expect(new Set(nonces)).toEqual(new Set([nonce]));
  }
  expect(errors.filter((e) => /Content Security Policy|nonce/i.test(e))).toEqual([]);
  expect(errors).toEqual([]);
});

// ---- Crash during load ------------------------------------------------------------------------

function startServer(port: number, dbPath: string): ChildProcess {
  return spawn(process.execPath, ["server-build/server.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      CONTENT_DIR: "content-fixtures",
      SITE_URL: `http://127.0.0.1:${port}`,
      LEADS_DB_PATH: dbPath,
      FORM_RATE_LIMIT: "1000000",
      POST_RATE_LIMIT: "1000000",
      CRM_BASE_URL: "",
    },
    stdio: "ignore",
  });
}

async function waitForHealth(base: string): Promise<void> {
  await expect
    .poll(async () => fetch(`${base}/healthz`).then((r) => r.status, () => 0), { timeout: 30_000, intervals: [100, 250, 500] })
    .toBe(200);
}

const CRASH_SENDER: LeadSender = { firstName: "Crash", lastName: "Test", emailUser: "crash", comments: "Crash test" };
const lead = (n: number) => contactUsLead(n, CRASH_SENDER);

test("kill -9 while leads are being posted: after a restart every acknowledged lead is in the store", async ({ baseURL: _baseURL }, testInfo) => {
  test.skip(jsDisabled(testInfo), "server-level: runs once");
  test.setTimeout(120_000);
  const dir = path.resolve(".cache", `crash-${process.pid}-${Date.now()}`);
  mkdirSync(dir, { recursive: true });
  const dbPath = path.join(dir, "leads.db");
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let server = startServer(port, dbPath);
  try {
    await waitForHealth(base);
    const acknowledged = new Set<string>();
    const bodies = new Map<string, string>();
    let sent = 0;
    let killed = false;
    const worker = async (w: number) => {
      for (let i = 0; !killed; i++) {
        const key = `crash-${w}-${i}-${Date.now()}`;
        sent++;
        const body = JSON.stringify(lead(sent));
        bodies.set(key, body);
        try {
          const res = await fetch(`${base}/api/form/`, {
            method: "POST",
            headers: { "Content-Type": "application/json", "Idempotency-Key": key },
            body,
          });
          if (res.status === 201 || res.status === 200) acknowledged.add(key);
          else expect(res.status).toBe(201);
        } catch {
          // The connection died with the server: this post was never acknowledged.
        }
      }
    };
    const workers = Array.from({ length: 8 }, (_, w) => worker(w));
    await expect.poll(() => acknowledged.size, { timeout: 60_000, intervals: [50] }).toBeGreaterThanOrEqual(60);
    const exited = new Promise((resolve) => server.once("exit", resolve));
    server.kill("SIGKILL");
    killed = true;
    await exited;
    await Promise.all(workers);
    expect(sent).toBeGreaterThan(acknowledged.size);

    server = startServer(port, dbPath);
    await waitForHealth(base);
    const db = new Database(dbPath, { readonly: true });
    const stored = new Set((db.prepare("SELECT idempotency_key FROM leads").all() as { idempotency_key: string }[]).map((r) => submittedKey(r.idempotency_key)));
    db.close();
    const lost = [...acknowledged].filter((key) => !stored.has(key));
    expect(lost).toEqual([]);
    testInfo.annotations.push({ type: "leads", description: `${acknowledged.size} acknowledged, ${stored.size} stored, ${sent} sent` });

    // A client retrying an acknowledged post (same key, same body) after the restart does not create a second lead.
    const [again] = [...acknowledged];
    const retry = await fetch(`${base}/api/form/`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Idempotency-Key": again },
      body: bodies.get(again),
    });
    expect(retry.status).toBe(200);
  } finally {
    server.kill("SIGKILL");
    rmSync(dir, { recursive: true, force: true });
  }
});
