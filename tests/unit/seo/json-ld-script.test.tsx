import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { JsonLd, collectStructuredData } from "~/features/seo/json-ld-script";

describe("JsonLd", () => {
  it("renders one application/ld+json script per node that a hostile string cannot break out of", () => {
    const html = renderToStaticMarkup(
      <JsonLd data={[{ "@type": "Organization", name: "</script><img src=x onerror=alert(1)>" }, { "@type": "BreadcrumbList" }]} />,
    );
    const scripts = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => m[1]);
    expect(scripts).toHaveLength(2);
    expect(html).not.toContain("<img");
    expect(JSON.parse(scripts[0])).toEqual({ "@type": "Organization", name: "</script><img src=x onerror=alert(1)>" });
  });

  it("renders nothing without data", () => {
    expect(renderToStaticMarkup(<JsonLd data={null} />)).toBe("");
  });
});

describe("collectStructuredData", () => {
  it("collects every match's structuredData in route order and ignores anything else", () => {
    const matches = [
      { data: { ENV: {} } },
      { data: { structuredData: [{ "@type": "Organization" }] } },
      { data: undefined },
      { data: { structuredData: [{ "@type": "Car" }, null, { name: "no type" }] } },
    ];
    expect(collectStructuredData(matches).map((n) => n["@type"])).toEqual(["Organization", "Car"]);
  });
});
