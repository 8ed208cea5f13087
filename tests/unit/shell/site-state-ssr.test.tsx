import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SiteProvider, useSiteState } from "~/features/site-state/site-context";

afterEach(() => vi.restoreAllMocks());

function Reader() {
  const state = useSiteState();
  return (
    <p>
      {state.country} {state.auState ?? "-"} {state.isABN ? "abn" : "private"}
    </p>
  );
}

describe("site state on the server", () => {
  it("renders the layout's values without React's useLayoutEffect warning (no store subscription there)", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const html = renderToString(
      <SiteProvider value={{ country: "au", auState: "VIC", isABN: true }}>
        <Reader />
      </SiteProvider>,
    );
    expect(html).toContain("au<!-- --> <!-- -->VIC<!-- --> <!-- -->abn");
    expect(error).not.toHaveBeenCalled();
  });
});
