import { describe, expect, it } from "vitest";
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { isBlok, isRecord, pick } from "~/lib/object";

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

describe("isRecord and isBlok", () => {
  it("accepts plain objects only", () => {
    expect(isRecord({})).toBe(true);
    expect(isRecord({ a: 1 })).toBe(true);
    for (const value of [null, undefined, [], "x", 1, true]) expect(isRecord(value)).toBe(false);
  });

  it("accepts a blok: a record with a string component and _uid", () => {
    expect(isBlok({ component: "hero-banner", _uid: "1" })).toBe(true);
    expect(isBlok({ component: "hero-banner", _uid: "" })).toBe(true);
    expect(isBlok({ component: "hero-banner" })).toBe(false);
    expect(isBlok({ component: 1, _uid: "1" })).toBe(false);
    expect(isBlok([{ component: "a", _uid: "1" }])).toBe(false);
    expect(isBlok(null)).toBe(false);
  });

  it("is the only copy of the record guard outside the block runtime", () => {
    const files = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => {
        const file = path.join(dir, name);
        return statSync(file).isDirectory() ? files(file) : /\.tsx?$/.test(name) ? [file] : [];
      });
    const guard = /typeof (\w+) === "object" && \1 !== null && !Array\.isArray\(\1\)/;
    const copies = files("app")
      .map((file) => file.split(path.sep).join("/"))
      .filter((file) => file !== "app/lib/object.ts")
      .filter((file) => guard.test(readFileSync(file, "utf8")));
    expect(copies).toEqual([]);
  });
});
