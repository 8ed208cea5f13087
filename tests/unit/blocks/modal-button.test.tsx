// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { b, parse, renderLive, renderStatic } from "./render";
import { Button } from "~/components/button";
import { buttonSchema } from "~/components/button.schema";
import { MODAL_OPEN_CLASS, Modal, NamedModal } from "~/components/modal";
import { modalId } from "~/components/modal-state";

afterEach(cleanup);

const btn = (fields: Record<string, unknown>) => buttonSchema.parse(b("button", fields));

describe("button schema", () => {
  it("accepts sizes xs, sm and lg only", () => {
    for (const size of ["xs", "sm", "lg"]) expect(buttonSchema.safeParse(b("button", { size })).success).toBe(true);
    for (const size of ["md", "xl", "large"]) expect(buttonSchema.safeParse(b("button", { size })).success).toBe(false);
  });
});

describe("<Button>", () => {
  it("links internal paths with the country, and renders nothing without a link", () => {
    const html = renderStatic(<Button blok={btn({ label: "Offers", link: { linktype: "story", cached_url: "offers" }, size: "lg" })} />, "nz");
    const a = parse(html).querySelector("a")!;
    expect(a.getAttribute("href")).toBe("/nz/offers");
    expect(a.className).toContain("button--lg");
    // An internal link to the bare NZ home path counts as no link.
    expect(renderStatic(<Button blok={btn({ label: "Home", link: "/nz" })} />, "nz")).toBe("");
  });
  it("opens a video link in a modal instead of navigating, and restores focus on close", async () => {
    renderLive(<Button blok={btn({ label: "Watch the film", link: { linktype: "asset", url: "/media/kestrel-drive.mp4" } })} />);
    const link = screen.getByRole("link", { name: "Watch the film" });
    expect(link.getAttribute("href")).toBe("/media/kestrel-drive.mp4");
    link.focus();
    const click = new MouseEvent("click", { bubbles: true, cancelable: true });
    act(() => {
      link.dispatchEvent(click);
    });
    expect(click.defaultPrevented).toBe(true);
    // The video modal's code loads on the first click, so the dialog and its effects come a moment later.
    const dialog = await screen.findByRole("dialog", { name: "Watch the film" }, { timeout: 10_000 });
    expect(dialog.querySelector("video")?.getAttribute("src")).toBe("/media/kestrel-drive.mp4");
    await waitFor(() => expect(document.body.classList.contains(MODAL_OPEN_CLASS)).toBe(true));
    fireEvent.keyDown(document, { key: "Escape" });
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.body.classList.contains(MODAL_OPEN_CLASS)).toBe(false);
    expect(document.activeElement).toBe(link);
  });
  it("does not intercept links to other files", () => {
    renderLive(<Button blok={btn({ label: "Brochure", link: { linktype: "asset", url: "/media/kestrel-brochure.pdf" } })} />);
    const click = new MouseEvent("click", { bubbles: true, cancelable: true });
    screen.getByRole("link", { name: "Brochure" }).dispatchEvent(click);
    expect(screen.queryByRole("dialog")).toBeNull();
  });
  it("opens the named modal of its modalAction (an anchor to it without JavaScript)", async () => {
    const html = renderStatic(<Button blok={btn({ label: "Enquire", modalAction: "Enquiry Form" })} />);
    expect(parse(html).querySelector("a")!.getAttribute("href")).toBe(`#${modalId("Enquiry Form")}`);
    expect(modalId("Enquiry Form")).toBe("modal-enquiry-form");
    renderLive(
      <>
        <Button blok={btn({ label: "Enquire", modalAction: "Enquiry Form" })} />
        <NamedModal name="Enquiry Form" label="Enquiry" size="md">
          <p>Form here</p>
        </NamedModal>
      </>,
    );
    expect(document.querySelector(".modal--open")).toBeNull(); // closed (CSS hides it)
    fireEvent.click(screen.getByRole("link", { name: "Enquire" }));
    const dialog = await screen.findByRole("dialog", { name: "Enquiry" });
    expect(dialog.className).toContain("modal--md");
    expect(dialog.className).toContain("modal--open");
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(document.querySelector(".modal--open")).toBeNull();
  });
});

describe("<Modal>", () => {
  function Harness({ onClose }: { onClose: () => void }) {
    return (
      <Modal open onClose={onClose} label="Test" size="lg">
        <a href="/a">First</a>
        <button type="button">Last</button>
      </Modal>
    );
  }
  it("uses the size class, defaulting to sm", () => {
    const html = renderStatic(
      <Modal open onClose={() => {}} label="x">
        x
      </Modal>,
    );
    expect(parse(html).querySelector('[role="dialog"]')!.className).toContain("modal--sm");
  });
  it("traps focus inside while open", () => {
    let closed = 0;
    renderLive(<Harness onClose={() => closed++} />);
    const dialog = screen.getByRole("dialog", { name: "Test" });
    const close = screen.getByRole("button", { name: "Close" });
    expect(document.activeElement).toBe(close);
    const last = screen.getByRole("button", { name: "Last" });
    last.focus();
    fireEvent.keyDown(document, { key: "Tab" });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(document, { key: "Tab", shiftKey: true });
    expect(document.activeElement).toBe(last);
    expect(dialog.contains(document.activeElement)).toBe(true);
    expect(closed).toBe(0);
  });
  it("closes on the overlay, the close button and Escape", () => {
    let closed = 0;
    renderLive(<Harness onClose={() => closed++} />);
    fireEvent.click(document.querySelector(".modal__overlay")!);
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    fireEvent.keyDown(document, { key: "Escape" });
    expect(closed).toBe(3);
  });
  it("without JavaScript a named modal is in the page at its anchor, with a link to close it", () => {
    const html = renderStatic(
      <NamedModal name="brochure" label="Brochure">
        <p>Inside</p>
      </NamedModal>,
    );
    const dialog = parse(html).querySelector("#modal-brochure")!;
    expect(dialog.getAttribute("role")).toBe("dialog");
    expect(dialog.className).not.toContain("modal--open");
    // The close link goes to an anchor that exists (hidden, so the page does not scroll).
    expect(dialog.querySelector("a.modal__close")!.getAttribute("href")).toBe("#modal-brochure-closed");
    expect(dialog.querySelector("#modal-brochure-closed")!.hasAttribute("hidden")).toBe(true);
    expect(dialog.textContent).toContain("Inside");
  });
});
