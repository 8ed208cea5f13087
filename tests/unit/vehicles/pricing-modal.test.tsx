// @vitest-environment happy-dom
import "../support/load-blocks";
import { act, cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parse, renderLive, renderStatic } from "../blocks/render";
import { PriceLocationLink } from "~/features/pricing/components/price-location-link";
import { opensPricingModal, pricingLocationText } from "~/features/pricing/components/pricing-location";
import { PricingModal } from "~/features/pricing/components/pricing-modal";
import { PricingModalSlot } from "~/features/pricing/components/pricing-modal-slot";

afterEach(cleanup);
beforeEach(() => {
  window.localStorage.clear();
  document.cookie = "auState=; Max-Age=0; Path=/";
  document.cookie = "isABN=; Max-Age=0; Path=/";
});

describe("pricing location helpers", () => {
  it("names the state in full and the buyer type", () => {
    expect(pricingLocationText("VIC", true)).toBe("Victoria | ABN");
    expect(pricingLocationText("ACT", false)).toBe("ACT | Private");
  });
  it("recognises links to #configure-pricing on this page only", () => {
    expect(opensPricingModal("#configure-pricing")).toBe(true);
    expect(opensPricingModal("/au/models/suv/tarrak#configure-pricing", "/au/models/suv/tarrak")).toBe(true);
    expect(opensPricingModal("/au/offers#configure-pricing", "/au/models/suv/tarrak")).toBe(false);
    expect(opensPricingModal("#configure-pricing-2")).toBe(false);
    expect(opensPricingModal("/au/offers")).toBe(false);
  });
});

describe("<PricingModal> without JavaScript", () => {
  it("is a form posting the choice to /api/buyer-choice, reachable at #configure-pricing", () => {
    const doc = parse(renderStatic(<PricingModal open={false} onClose={() => undefined} />));
    const dialog = doc.getElementById("configure-pricing")!;
    expect(dialog.getAttribute("role")).toBe("dialog");
    expect(dialog.className).toContain("modal--md");
    const form = dialog.querySelector("form")!;
    expect(form.getAttribute("method")).toBe("post");
    expect(form.getAttribute("action")).toBe("/api/buyer-choice");
    expect(form.querySelector<HTMLInputElement>("input[name=returnTo]")!.value).toBe("/#price"); // back at the page's price
    expect(dialog.querySelector("h2")!.textContent).toBe("Configure your pricing");
    const options = [...form.querySelectorAll("select[name=auState] option")].map((o) => [o.getAttribute("value"), o.textContent]);
    expect(options).toEqual([
      ["ACT", "ACT"],
      ["NSW", "New South Wales"],
      ["NT", "Northern Territory"],
      ["QLD", "Queensland"],
      ["SA", "South Australia"],
      ["TAS", "Tasmania"],
      ["VIC", "Victoria"],
      ["WA", "Western Australia"],
    ]);
    expect(form.querySelector("legend")!.textContent).toBe("Show pricing for");
    const radios = [...form.querySelectorAll<HTMLInputElement>("input[name=isABN]")];
    expect(radios.map((r) => [r.value, r.hasAttribute("checked")])).toEqual([
      ["false", false],
      ["true", true],
    ]);
    expect(form.querySelector("button[type=submit]")!.textContent).toBe("View vehicle");
  });
});

describe("<PricingModal> with JavaScript", () => {
  it("opens from any #configure-pricing link, stores every change at once and closes on View vehicle", async () => {
    renderLive(
      <>
        <PriceLocationLink />
        <PricingModalSlot />
      </>,
    );
    const link = screen.getByRole("link", { name: /Configure your pricing: Victoria \| ABN/ });
    act(() => {
      fireEvent.click(link);
    });
    const dialog = await screen.findByRole("dialog", { name: "Configure your pricing" });
    expect(dialog.className).toContain("modal--open");
    fireEvent.change(screen.getByLabelText("Select your state"), { target: { value: "NSW" } });
    expect(window.localStorage.getItem("auState")).toBe("NSW");
    expect(document.cookie).toContain("auState=NSW");
    fireEvent.click(screen.getByLabelText("Private"));
    expect(window.localStorage.getItem("isABN")).toBe("false");
    expect(document.cookie).toContain("isABN=false");
    // The link shows the new choice straight away.
    await waitFor(() => expect(link.textContent).toContain("New South Wales | Private"));
    fireEvent.click(screen.getByRole("button", { name: "View vehicle" }));
    expect(screen.queryByRole("dialog", { name: "Configure your pricing" })?.className ?? "").not.toContain("modal--open");
  });
  it("closes on Escape", async () => {
    renderLive(<PricingModalSlot />);
    act(() => {
      const a = document.createElement("a");
      a.href = "#configure-pricing";
      document.body.append(a);
      a.click();
      a.remove();
    });
    await screen.findByRole("dialog", { name: "Configure your pricing" });
    fireEvent.keyDown(document, { key: "Escape" });
    expect(document.querySelector(".pricing-modal.modal--open")).toBeNull();
  });
});

describe("<PricingModalSlot>", () => {
  it("keeps the closed modal (the :target fallback, the pricing links' anchor), and opens it when the page's hash asks", async () => {
    const { container } = renderLive(<PricingModalSlot />);
    // Closed, in its slot; open, portalled to the body (one element with the id either way).
    const modal = () => document.getElementById("configure-pricing")!;
    expect(container.querySelector(".pricing-modal-slot > #configure-pricing")).toBe(modal());
    expect(modal().classList.contains("modal--open")).toBe(false);
    act(() => {
      window.location.hash = "#configure-pricing";
    });
    await waitFor(() => expect(modal().classList.contains("modal--open")).toBe(true));
    const dialog = screen.getByRole("dialog", { name: "Configure your pricing" });
    expect(dialog).toBe(modal());
    // The hash is dropped: closing leaves no :target behind.
    expect(window.location.hash).toBe("");
  });
});

describe("<PriceLocationLink>", () => {
  it("renders nothing in NZ", () => {
    expect(renderStatic(<PriceLocationLink />, "nz")).toBe("");
  });
});
