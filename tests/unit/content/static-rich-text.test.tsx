// @vitest-environment happy-dom
import "../support/load-blocks";
import { cleanup } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { RichText } from "~/components/rich-text";
import { StaticRichText } from "~/components/static-rich-text";
import { BlocksInRichText } from "~/blocks/blocks";
import type { RichText as RichTextDoc } from "~/content/schema";
import { b, doc, parse, renderLive, renderStatic } from "../blocks/render";

afterEach(cleanup);

const legal = {
  type: "doc",
  content: [{ type: "paragraph", content: [{ type: "text", text: "Read our " }, { type: "text", text: "privacy policy", marks: [{ type: "link", attrs: { href: "/privacy", linktype: "url" } }] }] }],
} as RichTextDoc;

describe("<StaticRichText>", () => {
  it("renders what <RichText> renders, in a plain <div> (static server HTML: nothing of it hydrates)", () => {
    const html = renderStatic(<StaticRichText doc={legal} className="site-footer__legal-text" />);
    const text = parse(html).querySelector(".site-footer__legal-text")!;
    expect(text.tagName).toBe("DIV");
    expect(text.hasAttribute("data-island")).toBe(false);
    const plain = parse(renderStatic(<RichText doc={legal} className="site-footer__legal-text" />)).querySelector(".site-footer__legal-text")!;
    expect(text.innerHTML.replace(/<!--[^>]*-->/g, "")).toBe(plain.innerHTML.replace(/<!--[^>]*-->/g, ""));
  });
  it("renders nothing for an empty document", () => {
    expect(renderStatic(<StaticRichText doc={doc()} />)).toBe("");
    expect(renderStatic(<StaticRichText doc={null} />)).toBe("");
  });
  it("renders the bloks inside it through the blocks (BlocksInRichText), and none without them", () => {
    const withBlok = { type: "doc", content: [{ type: "blok", attrs: { body: [b("text-content", { content: doc("Inside the text.") })] } }] } as RichTextDoc;
    const html = renderStatic(
      <BlocksInRichText>
        <StaticRichText doc={withBlok} />
      </BlocksInRichText>,
    );
    const text = parse(html).querySelector(".richtext")!;
    expect(text.hasAttribute("data-island")).toBe(false);
    expect(text.querySelector(".blok-spacing .text-content")!.textContent).toContain("Inside the text.");
    // A shell text outside any page content: its embedded bloks render nothing.
    expect(parse(renderStatic(<StaticRichText doc={withBlok} />)).querySelector(".text-content")).toBeNull();
  });
  it("renders in the browser outside hydration (another country's text)", async () => {
    const { findByText } = renderLive(<StaticRichText doc={legal} />);
    expect((await findByText("privacy policy")).closest("a")!.getAttribute("href")).toBe("/au/privacy");
  });
});
