// @vitest-environment happy-dom
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { islandHost, PageProviders, type IslandPage } from "~/features/routing/page-providers";
import { DEFAULT_PAGE_SETTINGS } from "~/features/shell/globals";
import { useSite, useSiteState, useSiteStore } from "~/features/site-state/site-context";
import { setAuState } from "~/features/site-state/store";
import { PageFormProvider, usePageForm } from "~/islands/page-form";
import { navigateTo, PageLocationProvider, usePageLocation, usePageSearchParams } from "~/islands/page-location";
import { onServer } from "../support/server-stub";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const PAGE: IslandPage = {
  site: { country: "au", auState: "VIC" },
  settings: { ...DEFAULT_PAGE_SETTINGS, navbarSolid: true },
  location: { pathname: "/au/offers", search: "?category=SUV&sort=priceLow" },
};

let roots: Root[] = [];
afterEach(() => {
  act(() => {
    for (const root of roots) root.unmount();
  });
  roots = [];
  document.body.innerHTML = "";
  vi.restoreAllMocks();
});

function mount(element: React.ReactElement): HTMLElement {
  const container = document.createElement("div");
  document.body.append(container);
  const root = createRoot(container);
  roots.push(root);
  act(() => root.render(element));
  return container;
}

describe("the page's location (usePageLocation, usePageSearchParams)", () => {
  it("reads the provided location; a page without one is at /", () => {
    function Probe() {
      const { pathname } = usePageLocation();
      const params = usePageSearchParams();
      return <p>{`${pathname} ${params.get("category") ?? "-"} ${params.get("sort") ?? "-"}`}</p>;
    }
    expect(renderToString(<PageLocationProvider value={PAGE.location}><Probe /></PageLocationProvider>)).toBe("<p>/au/offers SUV priceLow</p>");
    expect(renderToString(<Probe />)).toBe("<p>/ - -</p>");
  });

  it("navigateTo is a document navigation: assign, or replace", () => {
    const assign = vi.spyOn(window.location, "assign").mockImplementation(() => {});
    const replace = vi.spyOn(window.location, "replace").mockImplementation(() => {});
    navigateTo("/au/offers?sort=priceHigh");
    navigateTo("/au/offers?sort=priceLow", { replace: true });
    expect(assign).toHaveBeenCalledWith("/au/offers?sort=priceHigh");
    expect(replace).toHaveBeenCalledWith("/au/offers?sort=priceLow");
    expect(assign).toHaveBeenCalledTimes(1);
  });
});

describe("usePageForm", () => {
  it("is the page's form action and its answer, or null on a page without one", () => {
    let seen: unknown;
    const Probe = () => {
      seen = usePageForm();
      return null;
    };
    renderToString(<Probe />);
    expect(seen).toBeNull();
    const form = { action: "/au/contact?index", result: { errors: { email: ["Required"] } } };
    renderToString(<PageFormProvider value={form}><Probe /></PageFormProvider>);
    expect(seen).toBe(form);
  });
});

describe("PageProviders and islandHost (what every island of a page shares)", () => {
  function Probe({ name }: { name: string }) {
    const { country } = useSite();
    const state = useSiteState();
    const { pathname } = usePageLocation();
    return <p className={name}>{`${country} ${state.auState} ${String(state.isSiteHeaderSolid)} ${pathname}`}</p>;
  }

  // The server's render of an island (the browser's is below).
  it("gives an island the page's country, site state with the page's settings, and location", () => {
    const html = onServer(() => renderToString(<PageProviders page={PAGE}><Probe name="a" /></PageProviders>));
    expect(html).toBe('<p class="a">au VIC true /au/offers</p>');
  });

  it("islandHost wraps each island in the page's providers, in either mode", () => {
    for (const mode of ["islands", "app"] as const) {
      const host = islandHost(mode, PAGE);
      expect(host.mode).toBe(mode);
      expect(host.page).toBe(PAGE);
      expect(onServer(() => renderToString(host.wrap(<Probe name="w" />, host.page)))).toBe('<p class="w">au VIC true /au/offers</p>');
    }
  });

  it("shares one site state between the islands of a page in the browser: a choice in one shows in all", async () => {
    let store: ReturnType<typeof useSiteStore> | undefined;
    const Chooser = () => {
      store = useSiteStore();
      return null;
    };
    const one = mount(
      <PageProviders page={PAGE}>
        <Chooser />
        <Probe name="one" />
      </PageProviders>,
    );
    const two = mount(<PageProviders page={PAGE}><Probe name="two" /></PageProviders>);
    expect(two.textContent).toBe("au VIC true /au/offers");
    // The store notifies its subscribers after the change, in a microtask.
    await act(async () => setAuState(store!, "NSW"));
    expect(one.textContent).toBe("au NSW true /au/offers");
    expect(two.textContent).toBe("au NSW true /au/offers");
  });
});
