// @vitest-environment happy-dom
import { createRemixStub } from "@remix-run/testing";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, expectTypeOf, it } from "vitest";
import { useBlockData, type BlockDataOf } from "~/blocks/runtime/block-data";
import type { StoreLocatorData } from "~/features/dealers/locator.server";
import type { ListingItem } from "~/features/news/listing";
import type { VehicleBlockData } from "~/features/vehicles/block-loaders.server";

afterEach(cleanup);

describe("useBlockData: a block's data, typed by its component, or null", () => {
  it("is typed by the loader the registry names for the component", () => {
    expectTypeOf<BlockDataOf<"news-carousel">>().toEqualTypeOf<ListingItem[] | null>();
    expectTypeOf<BlockDataOf<"model-range" | "car-detail-page">>().toEqualTypeOf<VehicleBlockData>();
    expectTypeOf<BlockDataOf<"store-locator">>().toEqualTypeOf<StoreLocatorData>();
    const _read = (blok: { _uid: string; component: "news-carousel" }) => useBlockData(blok);
    expectTypeOf<ReturnType<typeof _read>>().toEqualTypeOf<ListingItem[] | null>();
  });

  function Probe({ uid }: { uid: string }) {
    const data = useBlockData({ _uid: uid, component: "news-carousel" });
    return <p>{data === null ? "no data" : `${data.length} items`}</p>;
  }

  async function show(uid: string, blockData: Record<string, unknown> | undefined) {
    const Stub = createRemixStub([{ path: "/", loader: () => (blockData ? { blockData } : {}), Component: () => <Probe uid={uid} /> }]);
    render(<Stub />);
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
