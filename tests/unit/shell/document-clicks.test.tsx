// @vitest-environment happy-dom
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { CLICK_HANDLERS, onDocumentClick, type ClickHandler, type ClickHandlerName } from "~/islands/document-clicks";

// React 18 act() in a non-Jest environment.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let removals: Array<() => void> = [];
let root: Root | null = null;
let container: HTMLElement;

beforeEach(() => {
  container = document.createElement("div");
  document.body.append(container);
});

afterEach(() => {
  for (const remove of removals) remove();
  removals = [];
  if (root) act(() => root!.unmount());
  root = null;
  container.remove();
});

function register(name: ClickHandlerName, handler: ClickHandler) {
  removals.push(onDocumentClick(name, handler));
}

function click(target: Element, init: MouseEventInit = {}) {
  const event = new MouseEvent("click", { bubbles: true, cancelable: true, button: 0, ...init });
  target.dispatchEvent(event);
  return event;
}

/** Registers every slot, in the given order, each recording its name when it runs. */
function recordAll(order: readonly ClickHandlerName[], seen: string[], extra: Partial<Record<ClickHandlerName, ClickHandler>> = {}) {
  for (const name of order) {
    register(name, (event) => {
      seen.push(name);
      extra[name]?.(event);
    });
  }
}

const NAMES = CLICK_HANDLERS.map((entry) => entry.name);

describe("the document's click delegator", () => {
  it("writes its order down once: stale build, pricing opener, modal and video, island links, popovers", () => {
    expect(NAMES).toEqual(["stale-build", "pricing-opener", "modal-and-video", "island-links", "popovers"]);
    expect(CLICK_HANDLERS.filter((entry) => entry.phase === "before-app").map((entry) => entry.name)).toEqual(["stale-build"]);
  });

  it("runs the handlers in the table's order, whatever order they registered in", () => {
    const seen: string[] = [];
    recordAll([...NAMES].reverse(), seen);
    click(container);
    expect(seen).toEqual(NAMES);
  });

  it("keeps a handler's place when it registers again (a component re-rendering after a navigation)", () => {
    const seen: string[] = [];
    recordAll(NAMES, seen);
    // The pricing slot registers again on each navigation: it stays second.
    removals[NAMES.indexOf("pricing-opener")]!();
    register("pricing-opener", () => seen.push("pricing-opener"));
    click(container);
    expect(seen).toEqual(NAMES);
  });

  it("skips the later handlers once one has taken the click, except the popovers'", () => {
    const seen: string[] = [];
    recordAll(NAMES, seen, { "pricing-opener": (event) => event.preventDefault() });
    click(container);
    expect(seen).toEqual(["stale-build", "pricing-opener", "popovers"]);
  });

  it("leaves a click with a modifier key or another button to the browser, but still closes popovers", () => {
    const seen: string[] = [];
    recordAll(NAMES, seen);
    click(container, { ctrlKey: true });
    click(container, { button: 1 });
    expect(seen).toEqual(["popovers", "popovers"]);
  });

  it("runs the stale-build handler before React's handlers, and the others after them", () => {
    const seen: string[] = [];
    root = createRoot(container);
    act(() =>
      root!.render(
        <a
          href="/au/privacy"
          onClick={(event) => {
            seen.push("react");
            event.preventDefault();
          }}
        >
          Privacy
        </a>,
      ),
    );
    recordAll(NAMES, seen);
    click(container.querySelector("a")!);
    // The link's own handler took the click: only the popovers' handler runs after it.
    expect(seen).toEqual(["stale-build", "react", "popovers"]);
  });

  it("a stale build stops the click before React and every other handler", () => {
    const seen: string[] = [];
    root = createRoot(container);
    act(() => root!.render(<a href="/au/privacy" onClick={() => seen.push("react")}>Privacy</a>));
    recordAll(NAMES, seen, { "stale-build": (event) => event.stopPropagation() });
    const event = click(container.querySelector("a")!);
    expect(seen).toEqual(["stale-build"]);
    expect(event.defaultPrevented).toBe(false);
  });

  it("a slot holds one handler: a later registration replaces it, and the old removal does nothing", () => {
    const seen: string[] = [];
    const removeFirst = onDocumentClick("island-links", () => seen.push("first"));
    register("island-links", () => seen.push("second"));
    removeFirst();
    click(container);
    expect(seen).toEqual(["second"]);
  });
});
