import { describe, expect, it } from "vitest";
import { normalisePostcode, parseDealersCsv, parseGazetteerCsv, parsePmaCsv } from "~/features/dealers";
import { DEALER_HEADER, dealerCsv, dealerRow } from "./fixtures";

describe("parseDealersCsv", () => {
  it("maps a row to a typed, camelCase dealer", () => {
    const { dealers, errors } = parseDealersCsv(dealerCsv([dealerRow()]));
    expect(errors).toEqual([]);
    expect(dealers).toEqual([
      {
        code: "K100",
        name: "Kestrel Richmond",
        address: "1 Swan Street",
        city: "Richmond",
        region: "VIC",
        postcode: "3121",
        country: "au",
        phone: "03 9000 0000",
        email: "sales@richmond.example",
        lat: -37.823,
        lng: 144.998,
        hours: [
          { day: "Monday", text: "8:30am - 5:30pm" },
          { day: "Tuesday", text: "8:30am - 5:30pm" },
          { day: "Wednesday", text: "8:30am - 5:30pm" },
          { day: "Thursday", text: "8:30am - 5:30pm" },
          { day: "Friday", text: "8:30am - 5:30pm" },
          { day: "Saturday", text: "9am - 4pm" },
          { day: "Sunday", text: "Closed" },
        ],
        finance: true,
      },
    ]);
  });

  it("reads quoted commas, quoted quotes and line breaks inside quotes", () => {
    const csv = dealerCsv([
      dealerRow({ "Dealer Name": 'Kestrel "City", Melbourne', Address: "Level 2,\n100 Collins St" }),
    ]);
    const { dealers, errors } = parseDealersCsv(csv);
    expect(errors).toEqual([]);
    expect(dealers[0].name).toBe('Kestrel "City", Melbourne');
    expect(dealers[0].address).toBe("Level 2,\n100 Collins St");
  });

  it("strips a UTF-8 BOM and reads CRLF line endings", () => {
    const csv = "\uFEFF" + dealerCsv([dealerRow(), dealerRow({ "Dealer code": "K101" })], "\r\n");
    const { dealers, errors } = parseDealersCsv(csv);
    expect(errors).toEqual([]);
    expect(dealers.map((d) => d.code)).toEqual(["K100", "K101"]);
    expect(dealers[0].finance).toBe(true); // the last column carries no stray \r
  });

  it("reports file line numbers with a BOM, CRLF and blank lines", () => {
    const csv = "\uFEFF" + dealerCsv([dealerRow(), "", dealerRow({ "Dealer code": "K2", Longitude: "east" })], "\r\n");
    expect(parseDealersCsv(csv).errors).toEqual([{ row: 4, message: "Dealer K2: Longitude is not a number" }]);
  });

  it("skips a row with an unclosed quote", () => {
    const csv = dealerCsv([dealerRow(), dealerRow({ "Dealer code": "K2" }).replace("1 Swan Street", '"1 Swan Street')]);
    const { dealers, errors } = parseDealersCsv(csv);
    expect(dealers.map((d) => d.code)).toEqual(["K100"]);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ row: 3, message: expect.stringMatching(/^Dealer K2: /) });
  });

  it("trims header names and cells", () => {
    const header = DEALER_HEADER.split(",").map((h) => ` ${h} `).join(",");
    const row = dealerRow({ "Dealer code": "  K100 ", City: " Richmond  ", Country: " au ", Finance: " n " });
    const { dealers, errors } = parseDealersCsv(`${header}\n${row}\n`);
    expect(errors).toEqual([]);
    expect(dealers[0]).toMatchObject({ code: "K100", city: "Richmond", country: "au", finance: false });
  });

  it("drops a row without a Dealer code silently and skips blank lines", () => {
    const csv = dealerCsv([dealerRow(), "", dealerRow({ "Dealer code": "" }), dealerRow({ "Dealer code": "K101" })]);
    const { dealers, errors } = parseDealersCsv(csv);
    expect(dealers.map((d) => d.code)).toEqual(["K100", "K101"]);
    expect(errors).toEqual([]);
  });

  it("skips rows with missing columns or non-numeric coordinates, reporting their line", () => {
    const short = dealerRow({ "Dealer code": "K200" }).split(",").slice(0, 12).join(",");
    const csv = dealerCsv([
      dealerRow(), // line 2
      short, // line 3
      dealerRow({ "Dealer code": "K300", Latitude: "abc" }), // line 4
      dealerRow({ "Dealer code": "K400", Longitude: "" }), // line 5
      dealerRow({ "Dealer code": "K500", Latitude: "-37.8.1" }), // line 6
      dealerRow({ "Dealer code": "K600" }), // line 7
    ]);
    const { dealers, errors } = parseDealersCsv(csv);
    expect(dealers.map((d) => d.code)).toEqual(["K100", "K600"]);
    expect(errors).toEqual([
      { row: 3, message: expect.stringMatching(/^Dealer K200: Too few columns/) },
      { row: 4, message: "Dealer K300: Latitude is not a number" },
      { row: 5, message: "Dealer K400: Longitude is required" },
      { row: 6, message: "Dealer K500: Latitude is not a number" },
    ]);
  });

  it("counts lines of quoted line breaks so reported rows match the file", () => {
    const csv = dealerCsv([dealerRow({ Address: "a\nb\nc" }), dealerRow({ "Dealer code": "K2", Latitude: "x" })]);
    expect(parseDealersCsv(csv).errors).toEqual([{ row: 5, message: "Dealer K2: Latitude is not a number" }]);
  });

  it("skips a row with an unquoted comma (too many columns) but allows trailing empty cells", () => {
    const extra = dealerRow({ "Dealer code": "K2" }).replace("1 Swan Street", "1 Swan Street, Richmond");
    const trailing = dealerRow({ "Dealer code": "K3" }) + ",,";
    const { dealers, errors } = parseDealersCsv(dealerCsv([extra, trailing]));
    expect(dealers.map((d) => d.code)).toEqual(["K3"]);
    expect(errors).toEqual([{ row: 2, message: "Dealer K2: Too many columns (an unquoted comma?)" }]);
  });

  it("validates coordinates' range and country, and Finance Y/N", () => {
    const csv = dealerCsv([
      dealerRow({ "Dealer code": "A", Latitude: "-137.8" }),
      dealerRow({ "Dealer code": "B", Country: "UK" }),
      dealerRow({ "Dealer code": "C", Latitude: "37.823" }), // lost minus sign: in the northern hemisphere
      dealerRow({ "Dealer code": "D", Country: "NZ" }), // Melbourne coordinates for an NZ dealer
      dealerRow({ "Dealer code": "E", Finance: "maybe" }),
      dealerRow({ "Dealer code": "F", Finance: "" }),
      dealerRow({ "Dealer code": "G", Finance: "yes" }),
    ]);
    const { dealers, errors } = parseDealersCsv(csv);
    expect(dealers.map((d) => [d.code, d.finance])).toEqual([
      ["F", false],
      ["G", true],
    ]);
    expect(errors.map((e) => e.message)).toEqual([
      "Dealer A: Latitude must be between -90 and 90",
      "Dealer B: Country must be AU or NZ",
      "Dealer C: Latitude/Longitude lie outside AU",
      "Dealer D: Latitude/Longitude lie outside NZ",
      "Dealer E: Finance must be Y or N",
    ]);
  });

  it("keeps the first of two rows with the same Dealer code", () => {
    const csv = dealerCsv([dealerRow({ City: "First" }), dealerRow({ City: "Second" })]);
    const { dealers, errors } = parseDealersCsv(csv);
    expect(dealers.map((d) => d.city)).toEqual(["First"]);
    expect(errors).toEqual([{ row: 3, message: "Dealer K100: duplicate Dealer code (the first row is kept)" }]);
  });

  it("pads a 3-digit postcode a spreadsheet shortened, and reads NZ dealers", () => {
    const csv = dealerCsv([
      dealerRow({ "Post Code": "800", Latitude: "-12.46", Longitude: "130.84" }),
      dealerRow({ "Dealer code": "N1", Country: "NZ", "Post Code": "110", Latitude: "-35.72", Longitude: "174.32" }),
    ]);
    const { dealers } = parseDealersCsv(csv);
    expect(dealers.map((d) => [d.country, d.postcode])).toEqual([
      ["au", "0800"],
      ["nz", "0110"],
    ]);
  });

  it("reports one error for a file without a required column, and for an empty file", () => {
    const header = DEALER_HEADER.replace(",Latitude", "");
    expect(parseDealersCsv(`${header}\nK1,x\n`)).toEqual({
      dealers: [],
      errors: [{ row: 1, message: "Missing column(s): Latitude" }],
    });
    expect(parseDealersCsv("")).toEqual({ dealers: [], errors: [{ row: 1, message: "The file is empty" }] });
    expect(parseDealersCsv("<html><body>Not found</body></html>").dealers).toEqual([]);
  });

  it("reads optional columns as empty when the header lacks them", () => {
    const csv = "Dealer code,Dealer Name,Country,Latitude,Longitude\nK1,Kestrel One,AU,-37.8,144.9\n";
    const { dealers, errors } = parseDealersCsv(csv);
    expect(errors).toEqual([]);
    expect(dealers[0]).toMatchObject({ code: "K1", address: "", finance: false });
    expect(dealers[0].hours).toHaveLength(7);
    expect(dealers[0].hours.every((h) => h.text === "")).toBe(true);
  });

  it("does not put other cell values (such as emails) into error messages", () => {
    const csv = dealerCsv([dealerRow({ Email: "person@example.com", Latitude: "oops" })]);
    const [error] = parseDealersCsv(csv).errors;
    expect(error.message).not.toContain("person@example.com");
    expect(error.message).not.toContain("oops");
  });
});

describe("parsePmaCsv", () => {
  it("maps postcodes to dealer codes, padding 3-digit postcodes", () => {
    const { pma, errors } = parsePmaCsv("\uFEFFPostcode,Dealer code\r\n3121,K100\r\n800, K200 \r\n\r\n");
    expect(errors).toEqual([]);
    expect([...pma]).toEqual([
      ["3121", "K100"],
      ["0800", "K200"],
    ]);
  });

  it("skips bad rows and keeps the first mapping of a postcode", () => {
    const csv = "Postcode,Dealer code\n3121,K100\nabc,K1\n3000,\n3121,K999\n3121,K100\n,K5\n";
    const { pma, errors } = parsePmaCsv(csv);
    expect([...pma]).toEqual([["3121", "K100"]]);
    expect(errors).toEqual([
      { row: 3, message: "Postcode must be 3 or 4 digits" },
      { row: 4, message: "Dealer code is required" },
      { row: 5, message: "Postcode 3121 is already mapped to dealer K100 (kept)" },
      { row: 7, message: "Postcode is required" },
    ]);
  });
});

describe("parseGazetteerCsv", () => {
  it("reads localities with accents, padded postcodes and lower-case countries", () => {
    const csv = [
      "Postcode,Locality,State/Region,Country,Latitude,Longitude",
      "0110,Whangārei,Northland,NZ,-35.7251,174.3237",
      "800,Darwin,NT,AU,-12.4634,130.8456",
      '3121,"Richmond",VIC,AU,-37.8182,145.0018',
    ].join("\r\n");
    const { gazetteer, errors } = parseGazetteerCsv(csv);
    expect(errors).toEqual([]);
    expect(gazetteer).toEqual([
      { postcode: "0110", locality: "Whangārei", region: "Northland", country: "nz", lat: -35.7251, lng: 174.3237 },
      { postcode: "0800", locality: "Darwin", region: "NT", country: "au", lat: -12.4634, lng: 130.8456 },
      { postcode: "3121", locality: "Richmond", region: "VIC", country: "au", lat: -37.8182, lng: 145.0018 },
    ]);
  });

  it("skips rows with bad coordinates or a missing locality", () => {
    const csv = [
      "Postcode,Locality,State/Region,Country,Latitude,Longitude",
      "3000,Melbourne,VIC,AU,-37.81,144.96",
      "3001,,VIC,AU,-37.81,144.96",
      "3002,East Melbourne,VIC,AU,n/a,144.98",
      "3003,West Melbourne,VIC,AU,-37.80",
    ].join("\n");
    const { gazetteer, errors } = parseGazetteerCsv(csv);
    expect(gazetteer.map((g) => g.locality)).toEqual(["Melbourne"]);
    expect(errors.map((e) => e.row)).toEqual([3, 4, 5]);
    expect(errors[0].message).toBe("Locality is required");
  });
});

describe("normalisePostcode", () => {
  it.each([
    ["3000", "3000"],
    [" 800 ", "0800"],
    ["0110", "0110"],
    ["30", null],
    ["30000", null],
    ["3a00", null],
    ["", null],
  ])("%j → %j", (input, expected) => {
    expect(normalisePostcode(input)).toBe(expected);
  });
});
