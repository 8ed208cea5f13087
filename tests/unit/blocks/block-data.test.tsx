// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, expectTypeOf, it } from "vitest";
import type { loader as carDetailLoader } from "~/blocks/car-detail-page/loader.server";
import type { loader as modelRangeLoader } from "~/blocks/model-range/loader.server";
import type { loader as newsCarouselLoader } from "~/blocks/news-carousel/loader.server";
import type { loader as storeLocatorLoader } from "~/blocks/store-locator/loader.server";
import type { BlockDataOf } from "~/blocks/types";
import { blockDataIn, blockDataOf, BlockDataProvider, useBlockData } from "~/components/block-data";
import type { StoreLocatorData } from "~/features/dealers/locator.server";
import type { ListingItem } from "~/features/news/listing";
import type { VehicleBlockData } from "~/blocks/vehicle-data.server";

afterEach(cleanup);

describe("useBlockData: a block's data, typed by its component, or null", () => {
  it("is typed by the block's own loader (its folder's loader.server.ts)", () => {
    expectTypeOf<BlockDataOf<typeof newsCarouselLoader>>().toEqualTypeOf<ListingItem[] | null>();
    expectTypeOf<BlockDataOf<typeof modelRangeLoader>>().toEqualTypeOf<VehicleBlockData>();
    expectTypeOf<BlockDataOf<typeof carDetailLoader>>().toEqualTypeOf<VehicleBlockData>();
    expectTypeOf<BlockDataOf<typeof storeLocatorLoader>>().toEqualTypeOf<StoreLocatorData>();
    const _read = (blok: { _uid: string; component: "news-carousel" }) => useBlockData<BlockDataOf<typeof newsCarouselLoader>>(blok);
    expectTypeOf<ReturnType<typeof _read>>().toEqualTypeOf<ListingItem[] | null>();
  });

  function Probe({ uid }: { uid: string }) {
    const blok = { _uid: uid, component: "news-carousel" };
    const data = useBlockData<BlockDataOf<typeof newsCarouselLoader>>(blok);
    return <p>{data === null ? "no data" : `${data.length} items`}</p>;
  }

  /** The page's block data as the country layout provides it (no provider: a page without block loaders). */
  async function show(uid: string, blockData: Record<string, unknown> | undefined) {
    render(blockData ? <BlockDataProvider value={blockData}><Probe uid={uid} /></BlockDataProvider> : <Probe uid={uid} />);
    return (await screen.findByText(/data|items/)).textContent;
  }

  it("gives the loader's result for the blok", async () => {
    expect(await show("n1", { n1: [{ uuid: "a" }, { uuid: "b" }] })).toBe("2 items");
  });

  it("gives null when the loader failed, when the blok has no entry, and when the page ran no block loaders", async () => {
    expect(await show("n1", { n1: null })).toBe("no data");
    cleanup();
    expect(await show("n1", { other: [] })).toBe("no data");
    cleanup();
    expect(await show("n1", undefined)).toBe("no data");
  });
});

describe("blockDataOf and blockDataIn", () => {
  it("blockDataOf reads a route's blockData map, or null", () => {
    expect(blockDataOf({ blockData: { a: 1 } })).toEqual({ a: 1 });
    expect(blockDataOf({ blockData: [1] })).toBeNull();
    expect(blockDataOf({ story: {} })).toBeNull();
    expect(blockDataOf(null)).toBeNull();
  });

  it("blockDataIn picks the entries of the bloks inside a value, at any depth, null results included", () => {
    const inner = { _uid: "inner", component: "news-carousel" };
    const island = { _uid: "island", component: "side-by-side-blocks", items: [{ content: { type: "doc", content: [{ type: "blok", attrs: { body: [inner] } }] } }] };
    const map = { island: { own: true }, inner: null, elsewhere: { other: true } };
    expect(blockDataIn(island, map)).toEqual({ island: { own: true }, inner: null });
    expect(blockDataIn([inner], map)).toEqual({ inner: null });
    expect(blockDataIn({ _uid: "x", component: "text-content" }, map)).toEqual({});
    // Only own entries: a blok named like a property of every object has none.
    expect(blockDataIn({ _uid: "toString", component: "text-content" }, map)).toEqual({});
  });
});
