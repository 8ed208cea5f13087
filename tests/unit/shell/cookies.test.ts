import { afterEach, describe, expect, it, vi } from "vitest";
import {
  COOKIE_MAX_AGE_SECONDS,
  buyerCookies,
  hasConsentCookie,
  parseCookies,
  readCookie,
  serializeCookie,
} from "~/features/site-state/cookies";

describe("parseCookies", () => {
  it("reads every cookie, decoded, the first of a name winning", () => {
    expect(parseCookies("a=1; auState=NSW; isABN=false; a=2")).toEqual({ a: "1", auState: "NSW", isABN: "false" });
    expect(parseCookies("x=%2Fau%2Foffers; y=\"quoted\"")).toEqual({ x: "/au/offers", y: "quoted" });
  });

  it("copes with empty, broken and undecodable input", () => {
    expect(parseCookies(null)).toEqual({});
    expect(parseCookies("")).toEqual({});
    expect(parseCookies("novalue; =x; bad=%E0%A4%A")).toEqual({ bad: "%E0%A4%A" });
  });

  it("reads one cookie", () => {
    expect(readCookie("country=nz; consent=1", "country")).toBe("nz");
    expect(readCookie("country=nz", "consent")).toBeUndefined();
    expect(readCookie("toString=1", "constructor")).toBeUndefined();
  });
});

describe("serializeCookie", () => {
  it("writes Path, Max-Age, SameSite and the flags", () => {
    expect(serializeCookie("consent", "1", { maxAge: COOKIE_MAX_AGE_SECONDS, httpOnly: true, secure: true })).toBe(
      "consent=1; Path=/; Max-Age=31536000; SameSite=Lax; Secure; HttpOnly",
    );
    expect(serializeCookie("auState", "VIC")).toBe("auState=VIC; Path=/; SameSite=Lax");
  });

  it("encodes values and refuses invalid names", () => {
    expect(serializeCookie("x", "a b;c")).toBe("x=a%20b%3Bc; Path=/; SameSite=Lax");
    expect(() => serializeCookie("bad name", "1")).toThrow();
  });

  it("lasts one year", () => {
    expect(COOKIE_MAX_AGE_SECONDS).toBe(365 * 24 * 3600);
  });
});

describe("buyer choice cookies", () => {
  it("are readable by script (no HttpOnly), one year, Secure when asked", () => {
    expect(buyerCookies({ auState: "QLD", isABN: false }, true)).toEqual([
      "auState=QLD; Path=/; Max-Age=31536000; SameSite=Lax; Secure",
      "isABN=false; Path=/; Max-Age=31536000; SameSite=Lax; Secure",
    ]);
    expect(buyerCookies({ isABN: true }, false)).toEqual(["isABN=true; Path=/; Max-Age=31536000; SameSite=Lax"]);
  });

  it("round-trip through a Cookie header", () => {
    const header = buyerCookies({ auState: "WA", isABN: false }, false)
      .map((c) => c.split(";")[0])
      .join("; ");
    expect(parseCookies(header)).toEqual({ auState: "WA", isABN: "false" });
  });
});

describe("consent cookie", () => {
  it("counts only the accepted value", () => {
    expect(hasConsentCookie("consent=1")).toBe(true);
    expect(hasConsentCookie("consent=0")).toBe(false);
    expect(hasConsentCookie("other=1")).toBe(false);
  });
});

describe("server cookies", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  async function load(nodeEnv: string) {
    vi.stubEnv("NODE_ENV", nodeEnv);
    vi.resetModules();
    return import("~/features/site-state/cookies.server");
  }

  it("reads the buyer context from cookies, with the defaults VIC and ABN", async () => {
    const { buyerContextFromRequest } = await load("test");
    const req = (cookie?: string) => new Request("http://x/au", { headers: cookie ? { Cookie: cookie } : {} });
    expect(buyerContextFromRequest(req(), "au")).toEqual({ country: "au", auState: "VIC", isABN: true });
    expect(buyerContextFromRequest(req("auState=NSW; isABN=false"), "au")).toEqual({ country: "au", auState: "NSW", isABN: false });
    expect(buyerContextFromRequest(req("auState=XX; isABN=maybe"), "nz")).toEqual({ country: "nz", auState: "VIC", isABN: true });
  });

  it("sets consent and country for one year, HttpOnly, SameSite=Lax, Secure only in production", async () => {
    const dev = await load("development");
    expect(dev.consentCookie()).toBe("consent=1; Path=/; Max-Age=31536000; SameSite=Lax; HttpOnly");
    expect(dev.countryCookie("nz")).toBe("country=nz; Path=/; Max-Age=31536000; SameSite=Lax; HttpOnly");
    const prod = await load("production");
    expect(prod.consentCookie()).toBe("consent=1; Path=/; Max-Age=31536000; SameSite=Lax; Secure; HttpOnly");
    expect(prod.buyerChoiceCookies({ auState: "SA" })).toEqual(["auState=SA; Path=/; Max-Age=31536000; SameSite=Lax; Secure"]);
  });

  it("reads consent and the stored country from the request", async () => {
    const { consentFromRequest, countryFromCookie } = await load("test");
    expect(consentFromRequest(new Request("http://x/", { headers: { Cookie: "consent=1" } }))).toBe(true);
    expect(consentFromRequest(new Request("http://x/"))).toBe(false);
    expect(countryFromCookie("country=nz")).toBe("nz");
    expect(countryFromCookie("country=uk")).toBeUndefined();
  });
});
