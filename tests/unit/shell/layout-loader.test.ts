import path from "node:path";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { beforeAll, describe, expect, it } from "vitest";

process.env.CONTENT_DIR = path.resolve("content-fixtures");
process.env.STORYBLOK_TOKEN = "";

type Loader = (args: LoaderFunctionArgs) => Promise<Record<string, unknown>>;
let loader: Loader;
let shouldRevalidate: (args: Record<string, unknown>) => boolean;
beforeAll(async () => {
  const mod = await import("~/routes/$country");
  loader = mod.loader as unknown as Loader;
  shouldRevalidate = mod.shouldRevalidate as unknown as typeof shouldRevalidate;
});

const run = (country: string, cookie?: string) =>
  loader({ request: new Request(`http://localhost/${country}`, { headers: cookie ? { Cookie: cookie } : {} }), params: { country }, context: {} });

describe("country layout loader: the visitor's choices from cookies", () => {
  it("gives the defaults VIC, ABN and no consent without cookies", async () => {
    const data = await run("au");
    expect(data).toMatchObject({ country: "au", auState: "VIC", isABN: true, consent: false });
  });

  it("reads auState, isABN and consent so the first response is right", async () => {
    const data = await run("au", "auState=QLD; isABN=false; consent=1");
    expect(data).toMatchObject({ auState: "QLD", isABN: false, consent: true });
  });

  it("sends the shell's view of the global stories: the menu built for the country, not the stories", async () => {
    const data = (await run("nz")) as { globals: Record<string, unknown> & { menu: { modelLines: { title: string; link: { href: string }; build: { link: { href: string } } | null }[] } } };
    expect(Object.keys(data.globals).sort()).toEqual(["footer", "header", "menu", "useAngleAPI"]);
    const tarrak = data.globals.menu.modelLines.find((line) => line.link.href === "/nz/models/suv/tarrak");
    expect(tarrak?.build?.link.href).toBe("/nz/config/tarrak");
    expect(typeof data.globals.useAngleAPI).toBe("boolean");
  });
});

describe("country layout revalidation", () => {
  const args = (over: Record<string, unknown>) => ({
    currentParams: { country: "au" },
    nextParams: { country: "au" },
    defaultShouldRevalidate: true,
    ...over,
  });

  it("reads the cookies again after a POST (pricing choice, consent) and when the country changes", () => {
    expect(shouldRevalidate(args({ formMethod: "POST" }))).toBe(true);
    expect(shouldRevalidate(args({ nextParams: { country: "nz" } }))).toBe(true);
  });

  it("does not reload the globals on a plain navigation", () => {
    expect(shouldRevalidate(args({}))).toBe(false);
    expect(shouldRevalidate(args({ formMethod: "GET" }))).toBe(false);
  });
});
