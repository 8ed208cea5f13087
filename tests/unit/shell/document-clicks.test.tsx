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
  it("writes its order down once: pricing opener, modal and video, country switch, popovers", () => {
    expect(NAMES).toEqual(["pricing-opener", "modal-and-video", "link-analytics", "popovers"]);
    // Only the popovers' handler runs for a click another handler (or React) already took.
    expect(CLICK_HANDLERS.filter((entry) => !entry.unhandledOnly).map((entry) => entry.name)).toEqual(["popovers"]);
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
    // The pricing slot registers again (a new handler after a re-render): it stays first.
    removals[NAMES.indexOf("pricing-opener")]!();
    register("pricing-opener", () => seen.push("pricing-opener"));
    click(container);
    expect(seen).toEqual(NAMES);
  });

  it("skips the later handlers once one has taken the click, except the popovers'", () => {
    const seen: string[] = [];
    recordAll(NAMES, seen, { "pricing-opener": (event) => event.preventDefault() });
    click(container);
    expect(seen).toEqual(["pricing-opener", "popovers"]);
  });

  it("leaves a click with a modifier key or another button to the browser, but still closes popovers", () => {
    const seen: string[] = [];
    recordAll(NAMES, seen);
    click(container, { ctrlKey: true });
    click(container, { button: 1 });
    expect(seen).toEqual(["popovers", "popovers"]);
  });

  it("runs after React's handlers: a click a component took reaches the popovers' handler only", () => {
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
    expect(seen).toEqual(["react", "popovers"]);
  });

  it("a click React saw but did not take reaches every handler after it", () => {
    const seen: string[] = [];
    root = createRoot(container);
    act(() => root!.render(<a href="#none" onClick={() => seen.push("react")}>Privacy</a>));
    recordAll(NAMES, seen);
    const event = click(container.querySelector("a")!);
    expect(seen).toEqual(["react", ...NAMES]);
    expect(event.defaultPrevented).toBe(false);
  });

  it("a slot holds one handler: a later registration replaces it, and the old removal does nothing", () => {
    const seen: string[] = [];
    const removeFirst = onDocumentClick("link-analytics", () => seen.push("first"));
    register("link-analytics", () => seen.push("second"));
    removeFirst();
    click(container);
    expect(seen).toEqual(["second"]);
  });
});
