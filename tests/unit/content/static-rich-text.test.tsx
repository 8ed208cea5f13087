// @vitest-environment happy-dom
import "../support/load-blocks";
import { cleanup } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { RichText } from "~/content/richtext";
import { StaticRichText } from "~/content/static-rich-text";
import type { RichText as RichTextDoc } from "~/content/schema";
import { b, doc, parse, renderLive, renderStatic } from "../blocks/render";

afterEach(cleanup);

const legal = {
  type: "doc",
  content: [{ type: "paragraph", content: [{ type: "text", text: "Read our " }, { type: "text", text: "privacy policy", marks: [{ type: "link", attrs: { href: "/privacy", linktype: "url" } }] }] }],
} as RichTextDoc;

describe("<StaticRichText>", () => {
  it("renders what <RichText> renders, marked as an island", () => {
    const html = renderStatic(<StaticRichText doc={legal} className="site-footer__legal-text" />);
    const island = parse(html).querySelector(".site-footer__legal-text")!;
    expect(island.hasAttribute("data-island")).toBe(true);
    const plain = parse(renderStatic(<RichText doc={legal} className="site-footer__legal-text" />)).querySelector(".site-footer__legal-text")!;
    expect(island.innerHTML.replace(/<!--[^>]*-->/g, "")).toBe(plain.innerHTML);
  });
  it("renders nothing for an empty document", () => {
    expect(renderStatic(<StaticRichText doc={doc()} />)).toBe("");
    expect(renderStatic(<StaticRichText doc={null} />)).toBe("");
  });
  it("is not an island when a blok is inside (a blok may need JavaScript)", () => {
    const withBlok = { type: "doc", content: [{ type: "blok", attrs: { body: [b("stats-banner")] } }] } as RichTextDoc;
    const html = renderStatic(<StaticRichText doc={withBlok} />);
    expect(parse(html).querySelector(".richtext")!.hasAttribute("data-island")).toBe(false);
  });
  it("renders in the browser outside hydration (another country's text)", async () => {
    const { findByText } = renderLive(<StaticRichText doc={legal} />);
    expect((await findByText("privacy policy")).closest("a")!.getAttribute("href")).toBe("/au/privacy");
  });
});
