import { describe, expect, it } from "vitest";
import { pick } from "~/lib/object";

describe("pick", () => {
  it("copies only the named keys, in their order, and leaves the object as it was", () => {
    const model = { uuid: "m1", name: "Tarrak GX", colours: ["red", "blue"], price: 42 };
    const copy = pick(model, ["price", "uuid"] as const);
    expect(copy).toEqual({ price: 42, uuid: "m1" });
    expect(Object.keys(copy)).toEqual(["price", "uuid"]);
    expect(copy).not.toBe(model);
    expect(model).toEqual({ uuid: "m1", name: "Tarrak GX", colours: ["red", "blue"], price: 42 });
  });
  it("sets every named key, even an undefined one, and shares the values (no deep copy)", () => {
    const model: { image?: string; features: string[] } = { features: ["AWD"] };
    const copy = pick(model, ["image", "features"]);
    expect(Object.keys(copy)).toEqual(["image", "features"]);
    expect(copy.image).toBeUndefined();
    expect(copy.features).toBe(model.features);
  });
});
