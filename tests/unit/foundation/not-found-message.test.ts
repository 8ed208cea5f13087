import { describe, expect, it } from "vitest";
import { notFoundMessage } from "~/server/http/not-found-message";

describe("404 messages (spec site.md section 8)", () => {
  it("names the path for a route validation failure and for an unknown route, each in its own wording", () => {
    expect(notFoundMessage("invalid-route", "/xx/offers")).toBe("Page Not Found: /xx/offers");
    expect(notFoundMessage("unknown-route", "/not-a-country")).toBe("Page not found: /not-a-country");
  });
  it("is 'Page Not Found' alone for missing content", () => {
    expect(notFoundMessage("missing-content", "/au/news/gone")).toBe("Page Not Found");
  });
});
