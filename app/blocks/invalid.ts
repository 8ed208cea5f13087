/**
 * A blok that failed its block's schema when the server read the content (app/blocks/parse.ts).
 * It is not handed to its component, which assumes the schema: only the fields every blok has are
 * kept (for the locale filter, the spacing and the visual editor's attributes), and `_invalid`
 * lists what did not match, for the editor's notice (app/blocks/failures.tsx). Visitors get
 * nothing for it. Browser-safe: no zod here.
 */
export const INVALID_FIELD = "_invalid";

export interface InvalidBlok {
  _uid: string;
  component: string;
  _editable?: string;
  locale?: string;
  bottom_spacing?: boolean;
  /** What did not match: "field.path: message", at most MAX_ISSUES of them. */
  _invalid: string[];
}

export const MAX_ISSUES = 5;

export function isInvalidBlok(blok: unknown): blok is InvalidBlok {
  return typeof blok === "object" && blok !== null && Array.isArray((blok as Record<string, unknown>)[INVALID_FIELD]);
}

/** The stand-in for a blok that failed its schema: its identity and common fields, and the issues. */
export function invalidBlok(raw: Record<string, unknown> & { _uid: string; component: string }, issues: readonly string[]): InvalidBlok {
  const out: InvalidBlok = { _uid: raw._uid, component: raw.component, _invalid: issues.slice(0, MAX_ISSUES) };
  if (typeof raw._editable === "string") out._editable = raw._editable;
  if (typeof raw.locale === "string") out.locale = raw.locale;
  if (typeof raw.bottom_spacing === "boolean") out.bottom_spacing = raw.bottom_spacing;
  return out;
}
