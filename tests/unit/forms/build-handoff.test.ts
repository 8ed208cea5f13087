import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { apiSubmitAction, formAction } from "~/features/forms/action.server";
import Papa from "papaparse";
import { formBuildLoader } from "~/features/forms/build-handoff.server";
import { leadsToCsv } from "~/features/forms/export";
import { closeLeadStore, getLeadStore } from "~/features/forms/store.server";
import { restoreEnv, stubEnv } from "../support/env";

/**
 * A configurator build reaching the test-drive lead (issue 25 item 13), over the fixture content:
 * the form's block loader reads ?build=, and the stored lead (the CRM payload) holds the build's
 * shareable URL and summary lines, rebuilt from the catalogue.
 */
let dir = "";
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), "build-handoff-"));
  stubEnv({ LEADS_DB_PATH: path.join(dir, "leads.db"), DATABASE_URL: undefined, CRM_BASE_URL: undefined, BOT_CHECK_SECRET: undefined, SITE_URL: "https://www.kestrel.example" });
});
afterAll(async () => {
  await closeLeadStore();
  restoreEnv();
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => {
  vi.spyOn(console, "log").mockImplementation(() => {});
});

const QUERY = "variant=summit&engine=2-8l-twin-turbo-diesel&transmission=8-speed-automatic&drivetrain=full-time-awd&wheels=20-machined-alloy-wheels&colour=red-centre&trim=saddle-tan-nappa&acc=floor-mats&acc=cargo-liner";
const build = (country: "au" | "nz") => `/${country}/config/tarrak?${QUERY}`;
const DEALER = { au: { post_code: "3121", dealer_code: "AU-VIC-001" }, nz: { post_code: "1010", dealer_code: "NZ-AKL-001" } } as const;

let n = 0;
function testDrive(country: "au" | "nz", extra: Record<string, unknown> = {}) {
  return {
    form_id: "test-drive",
    country,
    token: "",
    vehicle_interested_in: "tarrak",
    first_name: "Ann",
    last_name: `Build${++n}`,
    mobile_phone: "0412345678",
    Email: "ann@example.com",
    ...DEALER[country],
    build: build(country),
    ...extra,
  };
}

async function submit(body: Record<string, unknown>, cookie = "") {
  const key = `build-key-${++n}-0000`;
  const request = new Request("http://localhost/api/form/", {
    method: "POST",
    headers: { "Content-Type": "application/json", "Idempotency-Key": key, ...(cookie ? { Cookie: cookie } : {}) },
    body: JSON.stringify(body),
  });
  const response = await apiSubmitAction(request, "form");
  expect(response.status).toBe(201);
  const lead = (await (await getLeadStore()).list()).find((l) => l.idempotencyKey.startsWith(`${key}.`));
  return lead!.payload;
}

describe("the stored lead", () => {
  it("AU: holds the build's shareable URL (with the buyer's state and type) and its summary lines", async () => {
    const payload = await submit(testDrive("au"), "auState=NSW; isABN=false");
    expect(payload.build_url).toBe(`https://www.kestrel.example/au/config/tarrak?${QUERY}&state=NSW&buyer=private`);
    // The configurator's summary rows for an NSW private buyer, then the total.
    expect(payload.build_summary).toEqual([
      "Variant: Tarrak Summit ($69,280)",
      "Engine: 2.8L twin-turbo diesel (Included)",
      "Transmission: 8-speed automatic (Included)",
      "Drivetrain: Full-time AWD (Included)",
      'Wheels: 20" machined alloy wheels (Included)',
      "Colour: Red Centre (+ $990)",
      "Interior: Saddle Tan Nappa (+ $2,490)",
      "Accessory: All-weather floor mats (+ $269)",
      "Accessory: Moulded cargo liner (+ $209)",
      "Total: $73,238",
    ]);
    // The posted value itself is not stored.
    expect(payload).not.toHaveProperty("build");
    // The first submission loads the form, catalogue and store modules: slow on a busy machine.
  }, 30_000);

  it("NZ: the build URL without buyer parameters; accessories ask to confirm with the dealer", async () => {
    const payload = await submit(testDrive("nz"));
    expect(payload.build_url).toBe(`https://www.kestrel.example/nz/config/tarrak?${QUERY}`);
    expect(payload.build_summary).toContain("Accessory: All-weather floor mats (Contact your Dealer to confirm Pricing and Compatibility)");
  });

  it("a tampered build is rebuilt from the catalogue: nothing of it is echoed", async () => {
    const tampered = `/au/config/tarrak?variant=summit&colour=%3Cscript%3Ealert(1)%3C/script%3E&acc=floor-mats&acc=free-car&engine=V12&state=XX&evil=1`;
    const payload = await submit(testDrive("au", { build: tampered }));
    const text = JSON.stringify([payload.build_url, payload.build_summary]);
    for (const part of ["script", "free-car", "V12", "XX", "evil"]) expect(text).not.toContain(part);
    expect(payload.build_url).toMatch(/^https:\/\/www\.kestrel\.example\/au\/config\/tarrak\?variant=summit&engine=2-8l-twin-turbo-diesel&.*&acc=floor-mats&state=VIC&buyer=abn$/);
  });

  it("no build fields for another model line, another country, another site or a non-configurator path", async () => {
    for (const extra of [
      { vehicle_interested_in: "corvale" },
      { build: build("nz") },
      { build: `https://evil.example${build("au")}` },
      { build: "/au/config/no-such-line?variant=summit" },
      { build: "/au/test-drive" },
    ]) {
      const payload = await submit(testDrive("au", extra));
      expect(payload, JSON.stringify(extra)).not.toHaveProperty("build_url");
      expect(payload).not.toHaveProperty("build_summary");
    }
  });

  it("the export gives the summary lines one cell, a line each", async () => {
    const payload = await submit(testDrive("au"));
    const lead = (await (await getLeadStore()).list()).find((l) => l.payload.last_name === payload.last_name)!;
    const [row] = Papa.parse<Record<string, string>>(leadsToCsv([lead]), { header: true, skipEmptyLines: true }).data;
    expect(row.build_url).toBe(payload.build_url);
    expect(row.build_summary.split("\n")).toEqual(payload.build_summary);
  });

  it("without JavaScript: the page action stores the build the form posts", async () => {
    const values = { ...testDrive("nz"), idempotency_key: "build-page-key-01" } as Record<string, string>;
    const request = new Request(`http://localhost/nz/test-drive?model=Tarrak&build=${encodeURIComponent(build("nz"))}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(values),
    });
    const response = (await formAction({ request, params: { country: "nz", "*": "test-drive" }, context: {} }, "test-drive")) as Response;
    expect(response.status).toBe(303);
    const lead = (await (await getLeadStore()).list()).find((l) => l.idempotencyKey.startsWith("build-page-key-01."));
    expect(lead?.payload.build_url).toBe(`https://www.kestrel.example/nz/config/tarrak?${QUERY}`);
  });
});

describe("the form's block loader", () => {
  const blok = {
    _uid: "form-1",
    component: "form",
    form_id: "test-drive",
    sections: [
      {
        _uid: "s",
        component: "form-section",
        fields: [
          {
            _uid: "f",
            component: "SelectModelLine",
            name: "vehicle_interested_in",
            options: [
              { _uid: "o1", component: "model-line-option", name: "Tarrak", value: "tarrak" },
              { _uid: "o2", component: "model-line-option", name: "Corvale", value: "corvale" },
            ],
          },
        ],
      },
    ],
  };
  const load = (query: string, country: "au" | "nz" = "au", b: typeof blok = blok) =>
    formBuildLoader({ blok: b, country, request: new Request(`http://localhost/${country}/test-drive?${query}`) });

  it("gives the form the build's path, short summary and model-line choice", async () => {
    for (const country of ["au", "nz"] as const) {
      expect(await load(`model=Tarrak&build=${encodeURIComponent(build(country))}`, country)).toEqual({
        build: { path: build(country), text: "Tarrak Summit, Red Centre, Saddle Tan Nappa, 2 accessories", lineValue: "tarrak" },
      });
    }
  });

  it("a tampered parameter is ignored: the path is rebuilt, never echoed", async () => {
    const result = await load(`build=${encodeURIComponent("/au/config/tarrak?variant=summit&colour=\"><script>&acc=free-car")}`);
    expect(JSON.stringify(result)).not.toMatch(/script|free-car/);
    expect(result.build?.path).toMatch(/^\/au\/config\/tarrak\?variant=summit&engine=/);
    // The configurator's defaults for the model stand in for the unknown colour.
    expect(result.build?.text).toBe("Tarrak Summit, Glacier White, Charcoal Cloth");
  });

  it("no build without the parameter, for an unknown line, or for a form without the line", async () => {
    expect(await load("model=Tarrak")).toEqual({ build: null });
    expect(await load(`build=${encodeURIComponent("/au/config/nope")}`)).toEqual({ build: null });
    const noTarrak = structuredClone(blok);
    noTarrak.sections[0].fields[0].options = noTarrak.sections[0].fields[0].options.slice(1);
    expect(await load(`build=${encodeURIComponent(build("au"))}`, "au", noTarrak)).toEqual({ build: null });
  });
});
