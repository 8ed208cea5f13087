import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { RichText } from "~/components/rich-text";
import type { RichText as RichTextDoc } from "~/content/schema";

/**
 * The marks the editor's rich-text toolbar offers: a text colour (`textStyle`) and a style class
 * (`styled`) render, kept safe; a story link follows its story when the link names it by uuid.
 */

const text = (marks: { type: string; attrs?: Record<string, unknown> }[], value = "Kestrel"): RichTextDoc =>
  ({ type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: value, marks }] }] }) as RichTextDoc;
const html = (doc: RichTextDoc) => renderToStaticMarkup(<RichText doc={doc} />);

describe("rich-text marks of the editor", () => {
  it("renders a textStyle colour as the editor writes it (hex, rgb, a name)", () => {
    expect(html(text([{ type: "textStyle", attrs: { color: "#C8102E" } }]))).toContain('<span style="color:#C8102E">Kestrel</span>');
    expect(html(text([{ type: "textStyle", attrs: { color: "rgb(200, 16, 46)" } }]))).toContain('style="color:rgb(200, 16, 46)"');
    expect(html(text([{ type: "textStyle", attrs: { color: "rgba(0,0,0,0.5)" } }]))).toContain('style="color:rgba(0,0,0,0.5)"');
    expect(html(text([{ type: "textStyle", attrs: { color: "navy" } }, { type: "bold" }]))).toContain('<strong><span style="color:navy">Kestrel</span></strong>');
  });

  it("drops a colour that could leave its value, and keeps the text", () => {
    for (const color of ["red; background:url(https://evil.example/x)", "url(javascript:alert(1))", "expression(alert(1))", "var(--x)", '"red"', "#12345", "", null, 7]) {
      const out = html(text([{ type: "textStyle", attrs: { color } }]));
      expect(out, String(color)).toBe('<div class="richtext"><p>Kestrel</p></div>');
    }
  });

  it("renders a styled mark's class, kept to class-name characters", () => {
    expect(html(text([{ type: "styled", attrs: { class: "text-highlight" } }]))).toContain('<span class="text-highlight">Kestrel</span>');
    expect(html(text([{ type: "styled", attrs: { class: 'big" onclick="alert(1) fine_one <x>' } }]))).toContain('<span class="fine_one">Kestrel</span>');
    expect(html(text([{ type: "styled", attrs: { class: '" onmouseover="x' } }]))).toBe('<div class="richtext"><p>Kestrel</p></div>');
  });

  // (A new-tab link renders a plain anchor: no router needed to read its href.)
  it("a story link resolved by uuid goes to the story's current path; without it, to the stored href", () => {
    const moved = html(
      text([{ type: "link", attrs: { linktype: "story", target: "_blank", uuid: "u-1", href: "/news/old-slug", story: { uuid: "u-1", full_slug: "news/new-slug" } } }]),
    );
    expect(moved).toContain('href="/au/news/new-slug"');
    const unresolved = html(text([{ type: "link", attrs: { linktype: "story", target: "_blank", uuid: "u-1", href: "/news/old-slug" } }]));
    expect(unresolved).toContain('href="/au/news/old-slug"');
  });
});
