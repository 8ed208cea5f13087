import "../support/load-blocks";
import { describe, expect, it } from "vitest";
import { parse, renderStatic } from "../blocks/render";
import { PricingModalSlot } from "~/features/pricing/components/pricing-modal-slot";

describe("<PricingModalSlot> on the server", () => {
  it("renders the closed modal, reachable at #configure-pricing without JavaScript", () => {
    const doc = parse(renderStatic(<PricingModalSlot />));
    const dialog = doc.querySelector(".pricing-modal-slot > #configure-pricing")!;
    expect(dialog.getAttribute("role")).toBe("dialog");
    expect(dialog.className).not.toContain("modal--open");
    expect(dialog.querySelector("form")!.getAttribute("action")).toBe("/api/buyer-choice");
  });
});
