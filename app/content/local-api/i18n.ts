/**
 * Field-level translation (pure): with `language=nz`, a field `x__i18n__nz` replaces `x`
 * at any depth when it is not empty ("" / null / [] do not replace).
 */
import { isJsonObject, type JsonObject, type JsonValue } from "./types";

export const I18N_MARKER = "__i18n__";

function isEmptyTranslation(value: JsonValue | undefined): boolean {
  return value === undefined || value === null || value === "" || (Array.isArray(value) && value.length === 0);
}

/** Returns a translated copy; the `__i18n__` keys are kept (filters may address them). */
export function translateValue(value: JsonValue, language: string | null): JsonValue {
  if (Array.isArray(value)) return value.map((item) => translateValue(item, language));
  if (!isJsonObject(value)) return value;
  const result: JsonObject = {};
  for (const [key, child] of Object.entries(value)) {
    if (child !== undefined) result[key] = translateValue(child, language);
  }
  if (language === null) return result;
  const suffix = `${I18N_MARKER}${language}`;
  for (const [key, child] of Object.entries(value)) {
    if (!key.endsWith(suffix) || key.length === suffix.length) continue;
    if (child === undefined || isEmptyTranslation(child)) continue;
    result[key.slice(0, -suffix.length)] = translateValue(child, language);
  }
  return result;
}

/** Translated copy of `content`; without a language the (never mutated) input itself. */
export function translateContent(content: JsonObject, language: string | null): JsonObject {
  if (language === null) return content;
  const translated = translateValue(content, language);
  return isJsonObject(translated) ? translated : {};
}

/** Returns a copy without any `*__i18n__*` key, at any depth. */
export function stripI18nKeys(value: JsonValue): JsonValue {
  if (Array.isArray(value)) return value.map(stripI18nKeys);
  if (!isJsonObject(value)) return value;
  const result: JsonObject = {};
  for (const [key, child] of Object.entries(value)) {
    if (child !== undefined && !key.includes(I18N_MARKER)) result[key] = stripI18nKeys(child);
  }
  return result;
}

/** `language` param → code used for translation; `default`/empty means none. */
export function normalizeLanguage(raw: string | null): string | null {
  const code = raw?.trim() ?? "";
  return code === "" || code === "default" ? null : code;
}
