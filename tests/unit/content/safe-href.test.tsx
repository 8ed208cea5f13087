import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { RichText } from "~/components/rich-text";
import { SmartLink } from "~/components/smart-link";
import { checkContent, type ContentSet } from "~/content/check";
import { contentTypeSchemas } from "~/content/content-types";
import { resolveLink, safeHref } from "~/content/links";
import { isReservedId, RESERVED_IDS } from "~/content/reserved-ids";
import { blokBase, bloksSchema, linkSchema, richTextSchema, type Link, type RichText as RichTextDoc } from "~/content/schema";
import { z } from "zod";
import { parse, renderStatic } from "../blocks/render";

const HOSTILE = ["javascript:alert(1)", " JavaScript:alert(1)", "java\tscript:alert(1)", "\u0001javascript:alert(1)", "data:text/html,<b>x</b>", "vbscript:x", "/\\evil.example"];

describe("one safeHref for every link content makes", () => {
  it("keeps http(s), mailto, tel, fragments and site paths; nothing else", () => {
    for (const ok of ["https://example.com/a", "http://example.com", "mailto:a@b.co", "tel:+61123", "#top", "/au/offers", "/media/x.pdf"]) {
      expect(safeHref(ok), ok).toBe(ok);
    }
    for (const bad of HOSTILE) expect(safeHref(bad), JSON.stringify(bad)).toBeNull();
  });

  it("url and asset links, in a link field or in rich text, never render a javascript: href", () => {
    for (const bad of HOSTILE) {
      for (const linktype of ["url", "asset"] as const) {
        const link = { linktype, url: bad, cached_url: bad, fieldtype: "multilink" } as unknown as Link;
        // Nothing, or a path of the site (a url link's relative value is a page of the country).
        const resolved = resolveLink(link, "au");
        if (resolved) expect(resolved.href, `${linktype} ${bad}`).toMatch(/^\/au\//);
        const smart = parse(renderStatic(<SmartLink link={link}>Go</SmartLink>));
        expect(smart.querySelector("a")?.getAttribute("href") ?? "/au/", `${linktype} ${bad}`).toMatch(/^\/au\//);
        const doc = {
          type: "doc",
          content: [{ type: "paragraph", content: [{ type: "text", text: "Go", marks: [{ type: "link", attrs: { href: bad, linktype } }] }] }],
        } as unknown as RichTextDoc;
        const rich = parse(renderStatic(<RichText doc={doc} />));
        expect(rich.body.textContent).toContain("Go");
        for (const a of rich.querySelectorAll("a")) expect(a.getAttribute("href") ?? "", `${linktype} ${bad}`).toMatch(/^\/au\//);
      }
    }
    const asset = parse(renderStatic(<SmartLink link={{ linktype: "asset", url: "/media/brochure.pdf" } as unknown as Link}>PDF</SmartLink>));
    expect(asset.querySelector("a")?.getAttribute("href")).toBe("/media/brochure.pdf");
  });
});

describe("content:check refuses what content must not put in the page", () => {
  const page = z.object({ ...blokBase, component: z.literal("page"), body: bloksSchema.optional() }).loose();
  const text = z.object({ ...blokBase, component: z.literal("text-content"), scroll_to_id: z.string().optional(), content: richTextSchema.optional(), link: linkSchema.optional() }).loose();
  const check = (body: unknown[]) => {
    const story = {
      id: 1, uuid: "00000000-0000-4000-8000-000000000001", name: "Home", slug: "home", full_slug: "home", is_startpage: false,
      content: { _uid: "u-page", component: "page", body },
      created_at: "2025-01-01T00:00:00.000Z", published_at: "2025-01-01T00:00:00.000Z", first_published_at: "2025-01-01T00:00:00.000Z",
    };
    const set: ContentSet = { stories: [{ path: "home.json", text: JSON.stringify(story) }], datasources: [], assets: null };
    return checkContent(set, { schemas: { ...contentTypeSchemas, page, "text-content": text } }).errors.map((e) => `${e.path}: ${e.message}`);
  };
  const anchor = (id: string) => ({ type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "x", marks: [{ type: "anchor", attrs: { id } }] }] }] });
  const richLink = (href: string, linktype: string) => ({ type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "x", marks: [{ type: "link", attrs: { href, linktype } }] }] }] });

  it("an id the site's markup uses, as a section's scroll_to_id or a rich-text anchor", () => {
    expect(check([{ _uid: "t1", component: "text-content", scroll_to_id: "Main" }])).toEqual([expect.stringContaining('id "Main"')]);
    expect(check([{ _uid: "t2", component: "text-content", content: anchor("island-page") }])).toEqual([expect.stringContaining('id "island-page"')]);
    expect(check([{ _uid: "t3", component: "text-content", scroll_to_id: "models", content: anchor("safety") }])).toEqual([]);
  });

  it("a url or asset link that is not http(s), mailto, tel, # or a path of the site", () => {
    expect(check([{ _uid: "t4", component: "text-content", content: richLink("javascript:alert(1)", "asset") }])).toEqual([expect.stringContaining("not http(s)")]);
    expect(check([{ _uid: "t5", component: "text-content", link: { linktype: "asset", url: "javascript:alert(1)", cached_url: "", fieldtype: "multilink" } }])).toEqual([
      expect.stringContaining("not http(s)"),
    ]);
    expect(check([{ _uid: "t6", component: "text-content", content: richLink("https://example.com", "url"), link: { linktype: "url", url: "offers", cached_url: "offers", fieldtype: "multilink" } }])).toEqual([]);
  });

  it("reserves every id the site's components write literally", () => {
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const full = path.join(dir, name);
        if (statSync(full).isDirectory()) walk(full);
        else if (full.endsWith(".tsx")) files.push(full);
      }
    };
    walk(path.resolve("app"));
    const literal = new Set(files.flatMap((f) => [...readFileSync(f, "utf8").matchAll(/\bid="([a-zA-Z][^"{]*)"/g)].map((m) => m[1]!)));
    expect(literal.size).toBeGreaterThan(3);
    for (const id of literal) expect(isReservedId(id), id).toBe(true);
    expect(RESERVED_IDS.has("island-page")).toBe(true);
  });
});
