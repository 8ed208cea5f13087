import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { COUNTRIES, jsDisabled, waitForHydration } from "./helpers";

/**
 * HTML and accessibility validity (issue 25 item 16), with the two checkers axe does not replace:
 * - the W3C Nu Html Checker (npm vnu-jar, on Debian's Java: scripts/lib.mjs ensureJava) over the
 *   server HTML of every page, all pages in one run (one JVM start), in the no-js project;
 * - HTML_CodeSniffer (npm html_codesniffer, the checker pa11y runs) with the WCAG2AA standard in
 *   the hydrated page, in the js project. Its errors (type 1) must be 0.
 * The pages: every sitemap page, the configurator of every model line (not a story, so not in the
 * sitemap) and the 404 page, in both countries. Each checker runs in one project: the server HTML
 * is the same in both, and the server-rendered document's markup is what the Nu checker reads.
 *
 * The one exception: Remix renders its streamed data scripts after `</html>` (a "Stray start tag",
 * after which the checker stops): ADR 024 says why they stay. Only that message, after `</html>`,
 * is filtered, and nothing else may follow `</html>`.
 */

const VNU_JAR = path.resolve("node_modules/vnu-jar/build/dist/vnu.jar");
const HTMLCS = path.resolve("node_modules/html_codesniffer/build/HTMLCS.js");
const JAVA = process.env.JAVA_PATH || "java";

/** Sitemap pages, the configurators of the model lines the sitemap lists, and the 404 page. */
async function pagesToCheck(request: APIRequestContext): Promise<string[]> {
  const xml = await (await request.get("/sitemap.xml")).text();
  const listed = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  const configurators = listed.flatMap((p) => {
    const line = /^\/(au|nz)\/models\/[^/]+\/([^/]+)$/.exec(p);
    return line ? [`/${line[1]}/config/${line[2]}`] : [];
  });
  return [...listed, ...configurators, ...COUNTRIES.map((c) => `/${c}/no-such-page`)];
}

/** Runs `task` over `items`, `limit` at a time, results in order. */
async function mapLimited<T, R>(items: readonly T[], limit: number, task: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await task(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: limit }, worker));
  return results;
}

interface VnuMessage {
  type: string;
  url: string;
  message: string;
  lastLine?: number;
  lastColumn?: number;
}

/** 1-based line and column of the first character after `</html>`, or null. */
function afterHtmlEnd(html: string): { line: number; column: number } | null {
  const at = html.indexOf("</html>");
  if (at < 0) return null;
  const before = html.slice(0, at + "</html>".length).split("\n");
  return { line: before.length, column: before[before.length - 1]!.length + 1 };
}

/**
 * What follows `</html>` once Remix's streamed data is taken out: its scripts
 * (`window.__remixContext.streamController…`), React's boundary placeholders, hidden segments
 * and `$RC` swaps for them, and their comment markers. Must be nothing.
 */
function afterHtmlBesidesStreamedData(html: string): string {
  const at = html.indexOf("</html>");
  if (at < 0) return "";
  return html
    .slice(at + "</html>".length)
    .replace(/<script(?: nonce="[^"]*")?>(?:window\.__remixContext\.streamController\.|function \$RC\(|\$RC\()[\s\S]*?<\/script>/g, "")
    .replace(/<template id="B:\d+"><\/template>|<div hidden id="S:\d+">|<\/div>|<!--\/?\$\??-->/g, "")
    .trim();
}

/** The checker stops at the first stray tag, saying so. */
const STRAY_START_TAG = /^Stray start tag “(script|template)”\.$/;
const CANNOT_RECOVER = "Cannot recover after last error. Any further errors will be ignored.";

/**
 * Remix's streamed data after `</html>` (ADR 024): the first stray start tag there (a script, or
 * the template React streams in its place), and the checker's note that it stops at it. The
 * test asserts separately that nothing but that data follows `</html>`. A stray tag before
 * `</html>`, or any other message, is reported.
 */
function isStreamedDataError(message: VnuMessage, html: string): boolean {
  if (!STRAY_START_TAG.test(message.message) && message.message !== CANNOT_RECOVER) return false;
  const end = afterHtmlEnd(html);
  if (!end || message.lastLine === undefined || message.lastColumn === undefined) return false;
  return message.lastLine > end.line || (message.lastLine === end.line && message.lastColumn >= end.column);
}

test("every page's server HTML is valid (W3C Nu Html Checker)", async ({ request }, testInfo) => {
  test.skip(!jsDisabled(testInfo), "the server HTML is the same in both projects: checked once, in the no-js project");
  test.setTimeout(120_000);
  const paths = await pagesToCheck(request);
  const dir = testInfo.outputPath("html");
  mkdirSync(dir, { recursive: true });
  const files = await mapLimited(paths, 4, async (p, i) => {
    const response = await request.get(p);
    expect(response.status(), p).toBe(p.endsWith("/no-such-page") ? 404 : 200);
    const html = await response.text();
    expect(afterHtmlBesidesStreamedData(html), `${p}: only Remix's streamed data may follow </html>`).toBe("");
    const file = path.join(dir, `${i}.html`);
    writeFileSync(file, html);
    return file;
  });
  const started = Date.now();
  const run = spawnSync(JAVA, ["-jar", VNU_JAR, "--errors-only", "--format", "json", "--stdout", ...files], {
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  expect(run.error, `could not run ${JAVA} (Java: see scripts/lib.mjs ensureJava)`).toBeUndefined();
  testInfo.annotations.push({ type: "vnu", description: `${paths.length} pages in ${Date.now() - started} ms` });
  const messages = (JSON.parse(run.stdout) as { messages: VnuMessage[] }).messages;
  const fileIndex = (url: string) => Number(/(\d+)\.html$/.exec(url)?.[1] ?? -1);
  const errors = messages
    .filter((m) => !isStreamedDataError(m, readFileSync(files[fileIndex(m.url)] ?? "", "utf8")))
    .map((m) => `${paths[fileIndex(m.url)] ?? m.url}:${m.lastLine ?? "?"}: ${m.type}: ${m.message}`);
  expect(errors).toEqual([]);
});

/** Images are not fetched (as in the story-tree walk): the checks read markup, not pixels. */
async function blockImages(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setBlockedURLs", {
    urls: ["*/media/*/m/*", ...["svg", "png", "jpg", "jpeg", "webp", "avif", "gif"].map((ext) => `*/media/*.${ext}`)],
  });
}

interface SnifferError {
  code: string;
  msg: string;
  element: string;
}

/** HTML_CodeSniffer's WCAG2AA errors on the current document (evaluated through the browser's debugger protocol, so the site's CSP does not apply). */
async function codeSnifferErrors(page: Page, source: string): Promise<SnifferError[]> {
  await page.evaluate(source);
  return page.evaluate(
    () =>
      new Promise<SnifferError[]>((resolve, reject) => {
        const htmlcs = (window as unknown as { HTMLCS: HtmlCodeSniffer }).HTMLCS;
        htmlcs.process(
          "WCAG2AA",
          document,
          () =>
            resolve(
              htmlcs
                .getMessages()
                .filter((m) => m.type === 1)
                .map((m) => ({ code: m.code, msg: m.msg, element: m.element.outerHTML?.slice(0, 160) ?? m.element.nodeName })),
            ),
          () => reject(new Error("HTML_CodeSniffer could not load WCAG2AA")),
          "en",
        );
      }),
  );
}

interface HtmlCodeSniffer {
  process(standard: string, content: Document, done: () => void, failed: () => void, language: string): void;
  getMessages(): { type: number; code: string; msg: string; element: Element }[];
}

for (const country of COUNTRIES) {
  test(`every page in /${country} has no WCAG 2 AA error (HTML_CodeSniffer, JavaScript on)`, async ({ page, request }, testInfo) => {
    test.skip(jsDisabled(testInfo), "HTML_CodeSniffer runs on the hydrated page; the server HTML is checked by the Nu checker");
    test.setTimeout(240_000);
    const paths = (await pagesToCheck(request)).filter((p) => p === `/${country}` || p.startsWith(`/${country}/`));
    const source = readFileSync(HTMLCS, "utf8");
    await blockImages(page);
    const errors: string[] = [];
    for (const p of paths) {
      await page.goto(p);
      await waitForHydration(page, testInfo);
      for (const e of await codeSnifferErrors(page, source)) errors.push(`${p}: ${e.code}: ${e.msg} ${e.element}`);
    }
    expect(errors).toEqual([]);
  });
}
