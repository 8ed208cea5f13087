// @vitest-environment happy-dom
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { InPlaceLink, navigateInPlace, useInPlaceLocation } from "~/islands/in-place-location";
import { PageLocationProvider } from "~/islands/page-location";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Address() {
  const { pathname, search } = useInPlaceLocation();
  return (
    <div>
      <p className="address">{`${pathname}${search}`}</p>
      <InPlaceLink to="/au/config/tarrak?variant=summit" replace className="same">
        Summit
      </InPlaceLink>
      <InPlaceLink to="/au/offers" className="other">
        Offers
      </InPlaceLink>
    </div>
  );
}

let root: Root | null = null;
let container: HTMLElement;

beforeEach(() => {
  window.history.replaceState(null, "", "/au/config/tarrak?variant=gx");
  container = document.body.appendChild(document.createElement("div"));
  root = createRoot(container);
  act(() =>
    root!.render(
      <PageLocationProvider value={{ pathname: "/au/config/tarrak", search: "?variant=gx" }}>
        <Address />
      </PageLocationProvider>,
    ),
  );
});

afterEach(() => {
  act(() => root?.unmount());
  container.remove();
});

const address = () => container.querySelector(".address")!.textContent;
function click(selector: string, init: MouseEventInit = {}): MouseEvent {
  const event = new MouseEvent("click", { bubbles: true, cancelable: true, button: 0, ...init });
  act(() => {
    container.querySelector(selector)!.dispatchEvent(event);
  });
  return event;
}

describe("an island's address changed in place (in-place-location.tsx)", () => {
  it("renders the server's address on the server, whatever the browser's", () => {
    const html = renderToString(
      <PageLocationProvider value={{ pathname: "/au/config/tarrak", search: "?variant=gt" }}>
        <Address />
      </PageLocationProvider>,
    );
    expect(html).toContain("/au/config/tarrak?variant=gt");
  });

  it("follows a plain click on a link to this page in place, replacing the address", () => {
    const entries = window.history.length;
    expect(address()).toBe("/au/config/tarrak?variant=gx");
    const event = click(".same");
    expect(event.defaultPrevented).toBe(true);
    expect(window.location.search).toBe("?variant=summit");
    expect(window.history.length).toBe(entries);
    expect(address()).toBe("/au/config/tarrak?variant=summit");
  });

  it("leaves a link to another page, and a click with a modifier (a new tab), to the browser", () => {
    expect(click(".other").defaultPrevented).toBe(false);
    expect(click(".same", { ctrlKey: true }).defaultPrevented).toBe(false);
    expect(address()).toBe("/au/config/tarrak?variant=gx");
  });

  it("follows navigateInPlace and the browser's back and forward (popstate)", () => {
    act(() => navigateInPlace("/au/config/tarrak?variant=gxl&tab=summary"));
    expect(address()).toBe("/au/config/tarrak?variant=gxl&tab=summary");
    act(() => {
      window.history.replaceState(null, "", "/au/config/tarrak?variant=gt");
      window.dispatchEvent(new PopStateEvent("popstate"));
    });
    expect(address()).toBe("/au/config/tarrak?variant=gt");
  });
});
