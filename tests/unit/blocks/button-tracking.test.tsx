import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { parse } from "./render";
import { Button } from "~/components/button";
import { buttonSchema } from "~/components/button.schema";
import { SiteProvider } from "~/features/site-state/site-context";
import { PageLocationProvider } from "~/islands/page-location";
import { buttonTrackingId, FINANCE_CALCULATOR_BUTTON_ID, FINANCE_ENQUIRY_BUTTON_ID } from "~/components/button-id";

// Spec transactional.md section 2: buttons under a path containing /finance carry an identifier for
// enquiry tracking, except a button labelled 'View offers'; on the config path the identifier is
// the finance calculator's.

const btn = (label: string, fields: Record<string, unknown> = {}) =>
  buttonSchema.parse({ _uid: `b-${label}`, component: "button", label, link: { linktype: "story", cached_url: "finance/contact" }, ...fields });

/** The buttons' data-button-id, rendered at `path` as the server renders them. */
function ids(path: string, buttons: ReturnType<typeof btn>[]): (string | null)[] {
  const html = renderToStaticMarkup(
    <PageLocationProvider value={{ pathname: path, search: "" }}>
      <SiteProvider value={{ country: "au" }}>
        {buttons.map((b) => (
          <Button key={b._uid} blok={b} />
        ))}
      </SiteProvider>
    </PageLocationProvider>,
  );
  return [...parse(html).querySelectorAll("a")].map((a) => a.getAttribute("data-button-id"));
}

describe("finance-page tracking identifiers", () => {
  it("follows the path and the label", () => {
    expect(buttonTrackingId("/au/finance", "Request a call back")).toBe(FINANCE_ENQUIRY_BUTTON_ID);
    expect(buttonTrackingId("/nz/finance/contact", "Back to Kestrel Finance")).toBe(FINANCE_ENQUIRY_BUTTON_ID);
    expect(buttonTrackingId("/au/finance", "View offers")).toBeUndefined();
    expect(buttonTrackingId("/au/finance", " view Offers ")).toBeUndefined();
    expect(buttonTrackingId("/au/config/tarrak", "Contact Us")).toBe(FINANCE_CALCULATOR_BUTTON_ID);
    expect(buttonTrackingId("/au/offers", "Request a call back")).toBeUndefined();
    expect(buttonTrackingId("/au/models/suv/tarrak", "Enquire Now")).toBeUndefined();
  });

  it("every call-to-action button on a finance path carries it, links and modal openers alike, except 'View offers'", () => {
    const buttons = [btn("Request a call back"), btn("Talk to us", { link: undefined, modalAction: "finance-enquiry" }), btn("View offers")];
    expect(ids("/au/finance", buttons)).toEqual([FINANCE_ENQUIRY_BUTTON_ID, FINANCE_ENQUIRY_BUTTON_ID, null]);
    expect(ids("/au/finance/contact", buttons)).toEqual([FINANCE_ENQUIRY_BUTTON_ID, FINANCE_ENQUIRY_BUTTON_ID, null]);
    expect(ids("/au/config/tarrak", buttons)).toEqual([FINANCE_CALCULATOR_BUTTON_ID, FINANCE_CALCULATOR_BUTTON_ID, FINANCE_CALCULATOR_BUTTON_ID]);
    expect(ids("/au/offers", buttons)).toEqual([null, null, null]);
  });
});
