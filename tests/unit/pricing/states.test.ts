import { describe, expect, it } from "vitest";
import {
  AU_STATES,
  AU_STATE_NAMES,
  AU_STATE_OPTIONS,
  DEFAULT_AU_STATE,
  DEFAULT_IS_ABN,
  isAuState,
  parseAuState,
  parseIsABN,
} from "~/features/pricing";

describe("AU states", () => {
  it("lists the eight states and territories in order", () => {
    expect(AU_STATES).toEqual(["ACT", "NSW", "NT", "QLD", "SA", "TAS", "VIC", "WA"]);
  });

  it.each([
    ["ACT", "ACT"],
    ["NSW", "New South Wales"],
    ["NT", "Northern Territory"],
    ["QLD", "Queensland"],
    ["SA", "South Australia"],
    ["TAS", "Tasmania"],
    ["VIC", "Victoria"],
    ["WA", "Western Australia"],
  ] as const)("%s is labelled %j", (code, name) => {
    expect(AU_STATE_NAMES[code]).toBe(name);
    expect(AU_STATE_OPTIONS.find((o) => o.value === code)?.text).toBe(name);
  });

  it("offers one select option per state in order", () => {
    expect(AU_STATE_OPTIONS.map((o) => o.value)).toEqual([...AU_STATES]);
  });

  it("defaults to VIC and ABN buyers", () => {
    expect(DEFAULT_AU_STATE).toBe("VIC");
    expect(DEFAULT_IS_ABN).toBe(true);
  });

  it.each([...AU_STATES])("isAuState(%j) is true", (code) => {
    expect(isAuState(code)).toBe(true);
  });

  it.each(["vic", "Victoria", "", " VIC", "NZ", undefined, null, 3, {}])("isAuState(%j) is false", (value) => {
    expect(isAuState(value)).toBe(false);
  });

  it.each([
    ["NSW", "NSW"],
    ["WA", "WA"],
    [undefined, "VIC"],
    [null, "VIC"],
    ["", "VIC"],
    ["nsw", "VIC"],
  ])("parseAuState(%j) is %j", (value, state) => {
    expect(parseAuState(value)).toBe(state);
  });

  it.each([
    [true, true],
    [false, false],
    ["true", true],
    ["false", false],
    [undefined, true],
    [null, true],
    ["", true],
    ["yes", true],
  ])("parseIsABN(%j) is %j", (value, abn) => {
    expect(parseIsABN(value)).toBe(abn);
  });
});
