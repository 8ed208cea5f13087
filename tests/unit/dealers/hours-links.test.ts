import { describe, expect, it } from "vitest";
import {
  WEEKDAYS,
  directionsUrl,
  openingHoursSpecification,
  parseHoursText,
  testDrivePath,
  type DealerHours,
} from "~/features/dealers";

function week(texts: string[]): DealerHours[] {
  return WEEKDAYS.map((day, i) => ({ day, text: texts[i] ?? "" }));
}

describe("parseHoursText", () => {
  it.each([
    ["8:30am - 5:30pm", [{ opens: "08:30", closes: "17:30" }]],
    ["9am - 4pm", [{ opens: "09:00", closes: "16:00" }]],
    ["9:00 AM – 5:00 PM", [{ opens: "09:00", closes: "17:00" }]],
    ["8.30am to 12pm", [{ opens: "08:30", closes: "12:00" }]],
    ["12pm - 4pm", [{ opens: "12:00", closes: "16:00" }]],
    ["08:30 - 17:00", [{ opens: "08:30", closes: "17:00" }]],
    ["8:30 - 5:30pm", [{ opens: "08:30", closes: "17:30" }]],
    ["9am-5", [{ opens: "09:00", closes: "17:00" }]],
    [
      "8am - 12pm, 1pm - 5pm",
      [
        { opens: "08:00", closes: "12:00" },
        { opens: "13:00", closes: "17:00" },
      ],
    ],
    ["Open 24 hours", [{ opens: "00:00", closes: "23:59" }]],
  ])("%j → %j", (text, expected) => {
    expect(parseHoursText(text)).toEqual(expected);
  });

  it("reads Closed, and returns null for blank or unreadable texts", () => {
    expect(parseHoursText("Closed")).toBe("closed");
    expect(parseHoursText(" CLOSED ")).toBe("closed");
    for (const text of ["", "By appointment", "9 - 5", "25:00 - 26:00", "13pm - 2pm", "9am - 9am"]) {
      expect(parseHoursText(text)).toBeNull();
    }
  });
});

describe("openingHoursSpecification", () => {
  it("groups days with the same hours, Monday to Sunday, leaving out closed and unreadable days", () => {
    const hours = week([
      "8:30am - 5:30pm",
      "8:30am - 5:30pm",
      "8:30am - 5:30pm",
      "8:30am - 5:30pm",
      "8:30am - 5:30pm",
      "9am - 4pm",
      "Closed",
    ]);
    expect(openingHoursSpecification(hours)).toEqual([
      {
        "@type": "OpeningHoursSpecification",
        dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
        opens: "08:30",
        closes: "17:30",
      },
      { "@type": "OpeningHoursSpecification", dayOfWeek: ["Saturday"], opens: "09:00", closes: "16:00" },
    ]);
  });

  it("skips unparseable texts and keeps the rest", () => {
    const hours = week(["Call us", "9am - 4pm", "", "", "", "", "By appointment"]);
    expect(openingHoursSpecification(hours)).toEqual([
      { "@type": "OpeningHoursSpecification", dayOfWeek: ["Tuesday"], opens: "09:00", closes: "16:00" },
    ]);
  });

  it("returns nothing for a week without readable hours", () => {
    expect(openingHoursSpecification(week([]))).toEqual([]);
  });
});

describe("maps links", () => {
  it("builds a Google Maps directions link to the dealer's coordinates, URL-encoded", () => {
    const url = directionsUrl({ lat: -37.823, lng: 144.998 });
    expect(url).toBe("https://www.google.com/maps/dir/?api=1&destination=-37.823%2C144.998");
    expect(new URL(url).searchParams.get("destination")).toBe("-37.823,144.998");
  });

  it("rounds coordinates to six decimals", () => {
    expect(new URL(directionsUrl({ lat: -36.84850000000001, lng: 174.7633333333 })).searchParams.get("destination")).toBe(
      "-36.8485,174.763333",
    );
  });

  it("links Book a Test Drive to /{country}/test-drive with the dealer code", () => {
    expect(testDrivePath("au", "K100")).toBe("/au/test-drive?dealer=K100");
    expect(testDrivePath("nz", "A&B 1")).toBe("/nz/test-drive?dealer=A%26B+1");
  });
});
