// @vitest-environment happy-dom
import "../support/load-blocks";
import { createRemixStub } from "@remix-run/testing";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, expect, it } from "vitest";
import { Blocks } from "~/blocks/blocks";
import { loader } from "~/blocks/news-carousel/loader.server";
import { SiteProvider } from "~/features/site-state/site-context";
import { blockLoaderArgs } from "../support/block-loader-args";
import { RoutePage } from "../support/route-page";
import { b } from "./render";

afterEach(cleanup);

// The example of docs/blocks.md ("A test for a block with data"): the loader on the fixture
// content, its result as the page's block data, the block rendered from it.
it("news-carousel shows the newest articles its loader found, and renders without them when it failed", async () => {
  const blok = b("news-carousel", { heading: "Latest news", count: 3 });
  const items = await loader(blockLoaderArgs({ blok, country: "au", request: new Request("http://localhost/au") }));
  expect(items).toHaveLength(3);
  const page = (blockData: Record<string, unknown>) =>
    createRemixStub([
      {
        path: "/",
        loader: () => ({ blockData }),
        Component: () => (
          <RoutePage>
            <SiteProvider value={{ country: "au" }}>
              <Blocks bloks={[blok]} />
            </SiteProvider>
          </RoutePage>
        ),
      },
    ]);
  const WithData = page({ [blok._uid]: items });
  render(<WithData />);
  for (const item of items ?? []) expect(await screen.findByText(item.title)).toBeTruthy();
  cleanup();
  const Failed = page({ [blok._uid]: null });
  render(<Failed />);
  expect(await screen.findByText("Latest news")).toBeTruthy();
  expect(screen.queryByText(items![0]!.title)).toBeNull();
});
