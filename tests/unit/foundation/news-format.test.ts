import { describe, expect, it } from "vitest";
import { categoryLabels, formatPublishDate, ordinal } from "~/features/news/format";

describe("formatPublishDate", () => {
  it("formats like '5th Mar 2025'", () => {
    expect(formatPublishDate("2025-03-05T01:00:00.000Z")).toBe("5th Mar 2025");
    expect(formatPublishDate("2025-06-21T02:00:00.000Z")).toBe("21st Jun 2025");
    expect(formatPublishDate("2025-11-12T02:00:00.000Z")).toBe("12th Nov 2025");
    expect(formatPublishDate("2026-01-23T02:00:00.000Z")).toBe("23rd Jan 2026");
  });
  it("uses the country's time zone", () => {
    // 14:30 UTC on 4 March is already 5 March in Sydney and Auckland.
    expect(formatPublishDate("2025-03-04T14:30:00.000Z", "Australia/Sydney")).toBe("5th Mar 2025");
    expect(formatPublishDate("2025-03-04T11:30:00.000Z", "Pacific/Auckland")).toBe("5th Mar 2025");
  });
  it("says 'Unpublished' when there is no date", () => {
    expect(formatPublishDate(null)).toBe("Unpublished");
    expect(formatPublishDate("garbage")).toBe("Unpublished");
  });
  it("uses the right ordinals", () => {
    expect([1, 2, 3, 4, 11, 12, 13, 22, 31].map(ordinal)).toEqual(["1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "22nd", "31st"]);
  });
});

describe("categoryLabels", () => {
  it("joins the labels of the category values with commas", () => {
    const entries = [
      { name: "Events", value: "events" },
      { name: "Product News", value: "product-news" },
    ];
    expect(categoryLabels(["product-news", "events"], entries)).toBe("Product News, Events");
    expect(categoryLabels(["unknown"], entries)).toBe("unknown");
    expect(categoryLabels([], entries)).toBe("");
  });
});
