import { describe, expect, it } from "vitest";
import { formBlockLoader } from "~/features/forms/block-loader.server";

/**
 * The form block's data from the page's link, over the fixture dealers: a dealer carried from the
 * dealer locator (`?dealer=`) is listed first with the dealers near it, on the server, so the
 * test-drive form shows it without JavaScript.
 */
const blok = (dealerField: Record<string, unknown> | null) => ({
  _uid: "form-1",
  component: "form",
  form_id: "test-drive",
  sections: [
    {
      _uid: "s",
      component: "form-section",
      fields: [
        { _uid: "p", component: "form-field", name: "post_code", label: "Postcode", type: "input" },
        ...(dealerField ? [{ _uid: "d", name: "dealer_code", label: "Preferred dealership", ...dealerField }] : []),
      ],
    },
  ],
});
const load = (query: string, b = blok({ component: "SelectDealership" }), country: "au" | "nz" = "au") =>
  formBlockLoader({ blok: b, country, request: new Request(`http://localhost/${country}/test-drive?${query}`) });

describe("the form's block loader: the dealer from the link", () => {
  it("lists that dealer first, then the dealers near it, not the whole country", async () => {
    const { dealers, build } = await load("dealer=AU-VIC-002");
    expect(build).toBeNull();
    expect(dealers?.dealers[0]).toEqual({ code: "AU-VIC-002", name: "Kestrel Ringwood", city: "Ringwood", region: "VIC" });
    expect(dealers?.pmaDealerCode).toBe("AU-VIC-002");
    const codes = dealers!.dealers.map((d) => d.code);
    expect(codes.length).toBeGreaterThanOrEqual(3);
    expect(codes.length).toBeLessThan(20);
    expect(codes.every((code) => code.startsWith("AU-VIC-"))).toBe(true);
  });

  it("gives nothing for an unknown code, another country's dealer, no link or a form without a dealer selector", async () => {
    expect((await load("dealer=NOPE")).dealers).toBeNull();
    expect((await load("dealer=NZ-AKL-001")).dealers).toBeNull();
    expect((await load("")).dealers).toBeNull();
    expect((await load("dealer=AU-VIC-002", blok(null))).dealers).toBeNull();
    expect((await load("dealer=AU-VIC-002", blok({ component: "SelectDealership", type: "hidden" }))).dealers).toBeNull();
  });
});
