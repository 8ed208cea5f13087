import type { ActionFunctionArgs } from "@remix-run/node";
import { beforeAll, describe, expect, it } from "vitest";

let action: (args: ActionFunctionArgs) => Promise<Response>;
beforeAll(async () => {
  action = (await import("~/routes/api.buyer-choice")).action;
});

function post(fields: Record<string, string>, headers: Record<string, string> = {}): ActionFunctionArgs {
  return {
    request: new Request("http://localhost/api/buyer-choice", { method: "POST", body: new URLSearchParams(fields), headers }),
    params: {},
    context: {},
  };
}

describe("POST /api/buyer-choice", () => {
  it("sets both cookies and answers 303 to the same-site returnTo", async () => {
    const res = await action(post({ auState: "QLD", isABN: "false", returnTo: "/au/models/suv/tarrak?x=1" }));
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe("/au/models/suv/tarrak?x=1");
    const cookies = res.headers.getSetCookie();
    expect(cookies).toHaveLength(2);
    expect(cookies[0]).toMatch(/^auState=QLD; Path=\/; Max-Age=31536000; SameSite=Lax/);
    expect(cookies[1]).toMatch(/^isABN=false; Path=\//);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
  });
  it("never redirects off the site", async () => {
    for (const returnTo of ["https://evil.example/", "//evil.example", "/\\evil.example"]) {
      const res = await action(post({ auState: "VIC", returnTo }));
      expect(res.headers.get("Location")).toBe("/au");
    }
  });
  it("answers JSON to a fetch", async () => {
    const res = await action(post({ isABN: "true" }, { Accept: "application/json" }));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ isABN: true });
  });
  it("refuses an unknown state or flag with a 400 and sets nothing", async () => {
    for (const fields of [{ auState: "XYZ" }, { isABN: "maybe" }, {}] as Record<string, string>[]) {
      const res = await action(post(fields));
      expect(res.status).toBe(400);
      expect(res.headers.get("Set-Cookie")).toBeNull();
      expect((await res.json()).error).toBeTruthy();
    }
  });
  it("refuses a cross-site post", async () => {
    const res = await action(post({ auState: "VIC" }, { "Sec-Fetch-Site": "cross-site" }));
    expect(res.status).toBe(403);
  });
});
