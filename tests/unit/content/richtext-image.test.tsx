import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { RichText } from "~/components/rich-text";
import type { RichText as RichTextDoc } from "~/content/schema";

const doc = (src: string): RichTextDoc => ({ type: "doc", content: [{ type: "image", attrs: { src, alt: "A car" } }] }) as RichTextDoc;

describe("rich-text images", () => {
  it("a Storyblok asset gets its dimensions and AVIF/WebP sources through the image service, at 1280 px at most", () => {
    const html = renderToStaticMarkup(<RichText doc={doc("https://a.storyblok.com/f/12345/2560x1440/abc/car.jpg")} />);
    expect(html).toContain('width="1280"');
    expect(html).toContain('height="720"');
    expect(html).toContain('type="image/avif"');
    expect(html).toContain("https://a.storyblok.com/f/12345/2560x1440/abc/car.jpg/m/1280x720");
    expect(html).toContain('alt="A car"');
  });

  it("an image of unknown size stays a plain lazy image", () => {
    const html = renderToStaticMarkup(<RichText doc={doc("https://example.com/car.jpg")} />);
    expect(html).toContain('<img src="https://example.com/car.jpg" alt="A car" loading="lazy"/>');
    expect(html).not.toContain("<picture");
  });
});
