import { describe, expect, it } from "vitest";
import { formatEventDate, parentSlug } from "~/features/news/event-date";

describe("formatEventDate", () => {
  it("formats Storyblok datetimes like '18th Oct 2026'", () => {
    expect(formatEventDate("2026-10-18 10:00")).toBe("18th Oct 2026");
    expect(formatEventDate("2025-03-01")).toBe("1st Mar 2025");
  });
  it("gives an empty string for missing or malformed dates", () => {
    expect(formatEventDate("")).toBe("");
    expect(formatEventDate(undefined)).toBe("");
    expect(formatEventDate("2026-13-01 10:00")).toBe("");
    expect(formatEventDate("next Tuesday")).toBe("");
  });
});

describe("parentSlug", () => {
  it("drops the last segment", () => {
    expect(parentSlug("owners-club/events/barossa-long-lunch")).toBe("owners-club/events");
    expect(parentSlug("owners-club/events/x/")).toBe("owners-club/events");
  });
});
