/**
 * A postcode from a data file: "3000" → "3000", " 800 " → "0800" (a spreadsheet drops the leading
 * zero); anything else → null. Stricter than a visitor's postcode: a 1- or 2-digit value in a
 * dealer, PMA or gazetteer file is a broken row.
 */
export function normalisePostcode(value: string | null | undefined): string | null {
  const v = (value ?? "").trim();
  return /^\d{3,4}$/.test(v) ? v.padStart(4, "0") : null;
}

/**
 * A postcode a visitor typed (the form's rule, spec transactional.md section 5: 1 to 4 digits),
 * read with leading zeros: "800" → "0800" (Darwin; NZ has 0xxx postcodes too). Used for the dealer
 * lookup, the locator search and the stored lead; anything else → null.
 */
export function inputPostcode(value: string | null | undefined): string | null {
  const v = (value ?? "").trim();
  return /^\d{1,4}$/.test(v) ? v.padStart(4, "0") : null;
}
