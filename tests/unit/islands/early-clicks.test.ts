// @vitest-environment happy-dom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { ACTIONABLE, EARLY_CLICKS_SCRIPT, IN_PLACE_ATTRIBUTE, PENDING_ATTRIBUTE, READY_ATTRIBUTE, takeQueuedClicks, type QueuedClick } from "~/islands/early-clicks";

type State = NonNullable<Window["__islands"]>;
let state: State;

beforeAll(() => {
  // As the document's head runs it: inline, before anything else.
  new Function(EARLY_CLICKS_SCRIPT)();
  state = window.__islands!;
});

beforeEach(() => {
  state.queue.length = 0;
  delete state.wake;
  window.__islands = state;
  document.body.innerHTML = `
    <div data-island="block" data-island-props="i1-" id="unready">
      <button type="button" id="toggle"><span id="label">Open</span></button>
      <a href="#panel" id="anchor">Panel</a>
      <a href="/au/offers" id="page-link">Offers</a>
      <a href="/media/drive.mp4" aria-haspopup="dialog" id="video-link">Video</a>
      <details><summary id="summary">More</summary><p>Text</p></details>
      <label><input type="checkbox" id="check"> Tick</label>
      <p id="text">Plain text</p>
    </div>
    <div data-island="block" data-island-props="i2-" ${READY_ATTRIBUTE} id="ready">
      <button type="button" id="ready-button">Ready</button>
    </div>
    <button type="button" id="outside">Outside</button>
    <a href="#top" id="outside-anchor">Top</a>
  `;
});

afterEach(() => {
  document.body.innerHTML = "";
});

const byId = (id: string) => document.getElementById(id)!;

function click(target: Element): MouseEvent {
  const event = new MouseEvent("click", { bubbles: true, cancelable: true, button: 0 });
  target.dispatchEvent(event);
  return event;
}

describe("EARLY_CLICKS_SCRIPT (inline in the head, before the islands' code)", () => {
  it("is one statement of plain ES5", () => {
    expect(EARLY_CLICKS_SCRIPT).toMatch(/^\(function\(\)\{.*\}\)\(\);$/s);
    expect(EARLY_CLICKS_SCRIPT).not.toMatch(/=>|\blet\b|\bconst\b|`/);
    expect(EARLY_CLICKS_SCRIPT).toContain(JSON.stringify(ACTIONABLE));
  });

  it("catches a click on a control in an island not yet hydrated: prevented, stopped and queued", () => {
    const own = vi.fn();
    byId("toggle").addEventListener("click", own);
    const bubbled = vi.fn();
    document.addEventListener("click", bubbled);
    const event = click(byId("label"));
    document.removeEventListener("click", bubbled);
    expect(event.defaultPrevented).toBe(true);
    expect(own).not.toHaveBeenCalled();
    expect(bubbled).not.toHaveBeenCalled();
    // The control, not the element inside it that was hit.
    expect(state.queue).toEqual([{ container: byId("unready"), target: byId("toggle"), type: "click" }]);
  });

  it("holds the island's other controls that need its code: an in-page link, a link to a dialog", () => {
    for (const id of ["anchor", "video-link"]) expect(click(byId(id)).defaultPrevented, id).toBe(true);
    expect(state.queue.map((q) => q.target.id)).toEqual(["anchor", "video-link"]);
    expect(state.queue.every((q) => q.container === byId("unready") && q.type === "click")).toBe(true);
  });

  it("drops a second tap on a control already held", () => {
    expect(click(byId("toggle")).defaultPrevented).toBe(true);
    expect(click(byId("label")).defaultPrevented).toBe(true);
    expect(state.queue.map((q) => q.target.id)).toEqual(["toggle"]);
  });

  it("lets native controls act at once: a summary (noted, not held), a label, a checkbox", () => {
    const summary = click(byId("summary"));
    expect(summary.defaultPrevented).toBe(false);
    expect((byId("summary").parentElement as HTMLDetailsElement).open).toBe(true);
    expect(click(byId("check")).defaultPrevented).toBe(false);
    expect(click(byId("check").closest("label")!).defaultPrevented).toBe(false);
    expect(state.queue).toEqual([{ container: byId("unready"), target: byId("summary"), type: "toggle" }]);
  });

  it("leaves a `#` link to a part of the page outside the island to the page (a page-wide modal)", () => {
    const link = Object.assign(document.createElement("a"), { href: "#outside-part", id: "outside-link" });
    link.setAttribute("href", "#outside-part");
    byId("unready").append(link);
    document.body.append(Object.assign(document.createElement("section"), { id: "outside-part" }));
    expect(click(link).defaultPrevented).toBe(false);
    expect(state.queue).toEqual([]);
  });

  it("leaves alone a link to another page, text, a hydrated island's controls and controls outside islands", () => {
    for (const id of ["page-link", "text", "ready-button", "outside", "outside-anchor"]) {
      const event = click(byId(id));
      expect(event.defaultPrevented, id).toBe(false);
    }
    expect(state.queue).toEqual([]);
  });

  it("marks an in-place link it lets through (a page load) pending, not one an island took, and unmarks a page back from the cache", () => {
    document.body.insertAdjacentHTML(
      "beforeend",
      `<div data-island="configurator" data-island-props="i3-"><a href="?step=summary" ${IN_PLACE_ATTRIBUTE} id="step">Summary</a></div>
       <a href="?step=specs" ${IN_PLACE_ATTRIBUTE} id="taken">Specs</a>`,
    );
    // Registered after the early script's listener: the page load itself is held here.
    const hold = (event: Event) => event.preventDefault();
    window.addEventListener("click", hold);
    try {
      click(byId("step"));
      expect(byId("step").hasAttribute(PENDING_ATTRIBUTE)).toBe(true);
      byId("taken").addEventListener("click", (event) => event.preventDefault());
      click(byId("taken"));
      expect(byId("taken").hasAttribute(PENDING_ATTRIBUTE)).toBe(false);
      window.dispatchEvent(Object.assign(new Event("pageshow"), { persisted: true }));
      expect(byId("step").hasAttribute(PENDING_ATTRIBUTE)).toBe(false);
    } finally {
      window.removeEventListener("click", hold);
    }
  });

  it("lets a click through once the island is marked ready", () => {
    byId("unready").setAttribute(READY_ATTRIBUTE, "");
    expect(click(byId("toggle")).defaultPrevented).toBe(false);
    expect(state.queue).toEqual([]);
  });
});

describe("takeQueuedClicks (the islands' entry takes over)", () => {
  it("hands over the clicks queued so far, once, and from then on wakes the island at once", () => {
    click(byId("toggle"));
    click(byId("anchor"));
    const wake = vi.fn();
    const queued: QueuedClick[] = takeQueuedClicks(wake);
    expect(queued.map((q) => q.target.id)).toEqual(["toggle", "anchor"]);
    expect(state.queue).toEqual([]);
    expect(wake).not.toHaveBeenCalled();
    // Later clicks: still kept from acting half-way, and handed to the entry directly.
    const event = click(byId("video-link"));
    expect(event.defaultPrevented).toBe(true);
    expect(wake).toHaveBeenCalledWith(byId("unready"), byId("video-link"), "click");
    expect(state.queue).toEqual([]);
    expect(takeQueuedClicks(wake)).toEqual([]);
  });

  it("works without the early script (a page without it): nothing queued", () => {
    delete window.__islands;
    const wake = vi.fn();
    expect(takeQueuedClicks(wake)).toEqual([]);
    expect(window.__islands).toEqual({ queue: [], wake });
  });
});
