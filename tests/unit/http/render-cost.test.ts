import { describe, expect, it } from "vitest";
import { weakEtag, weakEtagWithout } from "~/server/http/html-etag.server";
import { mayBeStaticFile } from "~/server/http/static-paths";

/** The cheaper server work of an uncached render (issue 26 item 6) gives the same answers. */

describe("weakEtagWithout", () => {
  const nonce = "n0nce+/AbCdEfGhIjKlMnO==";
  const cases = [
    `<html><script nonce="${nonce}">1</script><p>Māori ✓</p><script nonce="${nonce}">2</script></html>`,
    `${nonce}<p>starts and ends</p>${nonce}`,
    `${nonce}${nonce}`,
    "<p>no nonce here</p>",
    "",
  ];
  it("is the ETag of the body with the nonce left out, as the string form gave", () => {
    for (const html of cases) {
      const body = Buffer.from(html);
      expect(weakEtagWithout(body, nonce)).toBe(weakEtag(Buffer.from(html.split(nonce).join(""))));
    }
  });
  it("without a nonce is the body's ETag", () => {
    expect(weakEtagWithout(Buffer.from(cases[0]!), null)).toBe(weakEtag(Buffer.from(cases[0]!)));
  });
});

describe("mayBeStaticFile", () => {
  it("skips the file look-ups for country pages only", () => {
    for (const page of ["/au", "/au/", "/nz/models/suv/tarrak", "/au/config/tarrak", "/au/news.data"]) expect(mayBeStaticFile(page)).toBe(false);
    for (const file of ["/favicon.svg", "/accessory-default.svg", "/__bench/home.html", "/robots.txt", "/australia", "/nzx/file.txt"]) expect(mayBeStaticFile(file)).toBe(true);
  });
});
