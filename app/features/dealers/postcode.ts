/** "3000" → "3000", " 800 " → "0800" (a spreadsheet drops the leading zero); anything else → null. */
export function normalisePostcode(value: string | null | undefined): string | null {
  const v = (value ?? "").trim();
  return /^\d{3,4}$/.test(v) ? v.padStart(4, "0") : null;
}
