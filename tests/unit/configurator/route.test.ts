import { describe, expect, it } from "vitest";
import { configuratorMetaStory, configuratorShouldRevalidate } from "~/features/configurator/route";

type Args = Parameters<typeof configuratorShouldRevalidate>[0];
const args = (current: string, next: string, formMethod?: string): Args =>
  ({
    currentUrl: new URL(current, "http://x"),
    nextUrl: new URL(next, "http://x"),
    formMethod,
    defaultShouldRevalidate: true,
  }) as Args;

describe("configurator route rules", () => {
  it("resolves a new build query in the browser without reloading", () => {
    expect(configuratorShouldRevalidate(args("/au/config/tarrak", "/au/config/tarrak?model=a&colour=b"))).toBe(false);
  });

  it("reloads for the calculator's form, the buyer parameters, another page and a POST", () => {
    expect(configuratorShouldRevalidate(args("/au/config/tarrak", "/au/config/tarrak?calculator=1&term=60"))).toBe(true);
    expect(configuratorShouldRevalidate(args("/au/config/tarrak", "/au/config/tarrak?state=NSW"))).toBe(true);
    expect(configuratorShouldRevalidate(args("/au/config/tarrak", "/au/config/kordan"))).toBe(true);
    expect(configuratorShouldRevalidate(args("/au/config/tarrak", "/au/config/tarrak", "POST"))).toBe(true);
  });

  it("builds the meta story from the model line", () => {
    const story = configuratorMetaStory({ name: "Tarrak", image: { filename: "https://a/t.jpg", alt: "Tarrak" } } as never);
    expect(story.name).toBe("Build your Tarrak");
    expect(story.content.meta_image).toEqual({ filename: "https://a/t.jpg", alt: "Tarrak" });
    expect(story.content.meta_description).toBe("Configure your Tarrak: variant, engine, colour, interior and accessories, with driveaway pricing.");
  });
});
