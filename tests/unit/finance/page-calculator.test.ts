import { describe, expect, it } from "vitest";
import {
  abnFromUse,
  calculatorModelHref,
  calculatorModelOptions,
  calculatorModelPrice,
  chosenCalculatorModel,
} from "~/features/finance/page-calculator";
import type { VehicleLine, VehicleModel } from "~/features/vehicles/types";

const model = (slug: string, nvicCode: string, prices: { retail: string; abn: string }): VehicleModel =>
  ({
    uuid: `uuid-${slug}`,
    slug,
    name: `Tarrak ${slug.toUpperCase()}`,
    shortName: slug.toUpperCase(),
    variantName: "",
    code: slug,
    disclaimer: "Vehicle shown may include optional accessories.",
    priceDisclaimers: [{ uuid: "d", text: "Driveaway pricing." }],
    pricing: { driveaway_retail_price: prices.retail, driveaway_abn_price: prices.abn },
    vehiclePrice: null,
    quoteVehicle: { nvicCode, make: "Kestrel", model: "Tarrak", variant: slug.toUpperCase(), subModel: "" },
  }) as unknown as VehicleModel;

const line = { uuid: "l", name: "Tarrak", slug: "tarrak", models: [model("gx", "K1", { retail: "52990", abn: "50490" }), model("gxl", "", { retail: "59990", abn: "57490" })] } as unknown as VehicleLine;

describe("the finance page's repayment calculator", () => {
  it("offers the models a quote can be asked for (those with an nvicCode), keyed by line and model", () => {
    const options = calculatorModelOptions([line]);
    expect(options.map((o) => [o.key, o.name, o.lineName])).toEqual([["tarrak/gx", "Tarrak GX", "Tarrak"]]);
    expect(options[0].disclaimers).toEqual(["Driveaway pricing.", "Vehicle shown may include optional accessories."]);
  });

  it("reads the chosen model from the URL, and nothing for an unknown or missing one", () => {
    const options = calculatorModelOptions([line]);
    expect(chosenCalculatorModel(options, new URLSearchParams("model=tarrak/gx"))?.name).toBe("Tarrak GX");
    expect(chosenCalculatorModel(options, new URLSearchParams("model=tarrak/gxl"))).toBeNull();
    expect(chosenCalculatorModel(options, new URLSearchParams(""))).toBeNull();
  });

  it("finances the buyer's driveaway price; Primary vehicle use Business is the ABN price", () => {
    const [gx] = calculatorModelOptions([line]);
    expect(calculatorModelPrice(gx, { country: "au", auState: "VIC", isABN: false })).toBe(52990);
    expect(calculatorModelPrice(gx, { country: "au", auState: "VIC", isABN: true })).toBe(50490);
    expect(abnFromUse(new URLSearchParams("use=Business"))).toBe(true);
    expect(abnFromUse(new URLSearchParams("use=Individual"))).toBe(false);
    expect(abnFromUse(new URLSearchParams("use=other"))).toBeUndefined();
  });

  it("links to another model at the calculator's anchor, the fields afresh", () => {
    expect(calculatorModelHref("/au/finance", "tarrak/gx", "calculator")).toBe("/au/finance?model=tarrak%2Fgx#calculator");
  });
});
