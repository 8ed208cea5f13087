// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_PAGE_SETTINGS } from "~/features/shell/globals";
import {
  applyPageSettings,
  createSiteStore,
  setAuState,
  setIsABN,
  syncStoredBuyerChoice,
} from "~/features/site-state/store";
import { parseCookies } from "~/features/site-state/cookies";

function clearCookies() {
  for (const name of Object.keys(parseCookies(document.cookie))) document.cookie = `${name}=; Path=/; Max-Age=0`;
}

beforeEach(() => {
  localStorage.clear();
  clearCookies();
});

describe("site store", () => {
  it("starts with the spec's defaults: VIC, ABN, black menu button, menu closed", () => {
    const store = createSiteStore({ country: "au" });
    expect(store).toMatchObject({
      country: "au",
      auState: "VIC",
      isABN: true,
      menuButtonColor: "black",
      isMegaMenuOpen: false,
      useAngleAPI: false,
      consent: null,
    });
  });

  it("takes the server's values (cookies) and the page's shell settings", () => {
    const store = createSiteStore({ country: "nz", auState: "QLD", isABN: false, consent: true, useAngleAPI: true });
    applyPageSettings(store, { ...DEFAULT_PAGE_SETTINGS, navbarSolid: true, invertLogo: true, menuButtonColor: "white", financeLogo: true, hideHeaderFooter: true });
    expect(store).toMatchObject({
      auState: "QLD",
      isABN: false,
      consent: true,
      useAngleAPI: true,
      isSiteHeaderSolid: true,
      isLogoInverted: true,
      menuButtonColor: "white",
      isFinanceLogo: true,
      hideHeaderFooter: true,
    });
  });
});

describe("buyer choice persistence", () => {
  it("setAuState and setIsABN store the choice in localStorage and in cookies", () => {
    const store = createSiteStore({ country: "au" });
    setAuState(store, "NSW");
    setIsABN(store, false);
    expect(store.auState).toBe("NSW");
    expect(store.isABN).toBe(false);
    expect(localStorage.getItem("auState")).toBe("NSW");
    expect(localStorage.getItem("isABN")).toBe("false");
    expect(parseCookies(document.cookie)).toMatchObject({ auState: "NSW", isABN: "false" });
  });

  it("ignores a state that is not an AU state", () => {
    const store = createSiteStore({ country: "au" });
    setAuState(store, "XX" as never);
    expect(store.auState).toBe("VIC");
    expect(localStorage.getItem("auState")).toBeNull();
  });

  it("adopts a choice only in localStorage (an older visit) and mirrors it into the cookie", () => {
    localStorage.setItem("auState", "TAS");
    localStorage.setItem("isABN", "false");
    const store = createSiteStore({ country: "au" });
    expect(syncStoredBuyerChoice(store)).toEqual({ hadStoredState: true });
    expect(store.auState).toBe("TAS");
    expect(store.isABN).toBe(false);
    expect(parseCookies(document.cookie)).toMatchObject({ auState: "TAS", isABN: "false" });
  });

  it("lets the cookie win over localStorage and brings localStorage into step", () => {
    localStorage.setItem("auState", "TAS");
    document.cookie = "auState=WA; Path=/";
    const store = createSiteStore({ country: "au", auState: "WA" });
    syncStoredBuyerChoice(store);
    expect(store.auState).toBe("WA");
    expect(localStorage.getItem("auState")).toBe("WA");
  });

  it("reports when nothing is stored (the state lookup may run) and keeps the defaults", () => {
    const store = createSiteStore({ country: "au" });
    expect(syncStoredBuyerChoice(store)).toEqual({ hadStoredState: false });
    expect(store.auState).toBe("VIC");
    expect(store.isABN).toBe(true);
    expect(localStorage.length).toBe(0);
  });
});
