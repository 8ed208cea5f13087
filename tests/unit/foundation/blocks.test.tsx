import "../support/load-blocks";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Blocks, isVisibleIn } from "~/blocks/blocks";
import { editable, editableAttributes } from "~/components/editable";
import type { Blok } from "~/content/schema";
import { SiteProvider } from "~/features/site-state/site-context";
import { createServerStub } from "../support/server-stub";

function render(bloks: Blok[], country: "au" | "nz" = "au") {
  const Stub = createServerStub([
    {
      path: "/",
      Component: () => (
        <SiteProvider value={{ country }}>
          <Blocks bloks={bloks} />
        </SiteProvider>
      ),
    },
  ]);
  return renderToStaticMarkup(<Stub />);
}

const text = (uid: string, words: string, extra: Partial<Blok> = {}): Blok =>
  ({
    _uid: uid,
    component: "text-content",
    content: { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: words }] }] },
    ...extra,
  }) as Blok;

describe("<Blocks>", () => {
  it("renders registered blocks inside the bottom-spacing wrapper", () => {
    const html = render([text("a", "Hello Kestrel")]);
    expect(html).toContain("Hello Kestrel");
    expect(html).toContain('class="blok-spacing"');
  });
  it("leaves out the spacing wrapper when bottom_spacing is false", () => {
    const html = render([text("a", "Tight", { bottom_spacing: false })]);
    expect(html).not.toContain("blok-spacing");
    expect(html).toContain("Tight");
  });
  it("shows a blok only in its locale's country", () => {
    const bloks = [text("a", "Only AU", { locale: "au" }), text("b", "Only NZ", { locale: "nz" }), text("c", "Both", { locale: "both" })];
    const au = render(bloks, "au");
    const nz = render(bloks, "nz");
    expect(au).toContain("Only AU");
    expect(au).not.toContain("Only NZ");
    expect(nz).toContain("Only NZ");
    expect(nz).not.toContain("Only AU");
    expect(au).toContain("Both");
    expect(nz).toContain("Both");
  });
  it("renders the message for an unknown component", () => {
    const html = render([{ _uid: "x", component: "legacy-promo-strip" } as Blok]);
    expect(html).toContain(
      "Component could not be found for blok <strong>legacy-promo-strip</strong>! Is it configured correctly?",
    );
  });
  it("adds the editor's attributes only for draft bloks", () => {
    const editable = '<!--#storyblok#{"name": "text-content", "space": "1", "uid": "a", "id": "42"}-->';
    expect(render([text("a", "Draft", { _editable: editable })])).toContain('data-blok-uid="42-a"');
    expect(render([text("a", "Published")])).not.toContain("data-blok");
  });
});

describe("isVisibleIn", () => {
  it("treats empty and both as every country", () => {
    expect(isVisibleIn(undefined, "au")).toBe(true);
    expect(isVisibleIn("", "nz")).toBe(true);
    expect(isVisibleIn("both", "nz")).toBe(true);
    expect(isVisibleIn("au", "nz")).toBe(false);
  });
});

describe("editableAttributes", () => {
  it("ignores malformed comments", () => {
    expect(editableAttributes({ _editable: "<!--#storyblok#{oops-->" })).toEqual({});
  });
  it("editable(): the attributes and the outline class, merged into the element's own class", () => {
    const _editable = '<!--#storyblok#{"name": "card", "space": "1", "uid": "c-1", "id": "42"}-->';
    expect(editable({ _editable }, "card card--overlay")).toEqual({
      className: "card card--overlay storyblok__outline",
      "data-blok-c": JSON.stringify({ name: "card", space: "1", uid: "c-1", id: "42" }),
      "data-blok-uid": "42-c-1",
    });
    // Published: the element keeps its class and gets nothing else.
    expect(editable({}, "card")).toEqual({ className: "card" });
    expect(editable(null)).toEqual({});
  });
});
