/**
 * The idempotency key of a form with JavaScript: each mount of a form makes its own (a page served
 * from a cache hands every visitor the same markup, so the key rendered into it is shared), kept in
 * sessionStorage per form until the lead is stored, so a reload after a lost answer sends the same
 * key and the server finds the first lead instead of storing a second.
 */

/** A new key: a random UUID, or 128 random bits as hex where randomUUID is missing (insecure contexts). */
export function newIdempotencyKey(): string {
  const crypto = globalThis.crypto;
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

export const KEY_STORAGE_PREFIX = "kestrel:form-key:";
const KEY_SHAPE = /^[A-Za-z0-9._:-]{8,128}$/;

type KeyStorage = Pick<Storage, "getItem" | "setItem">;

function storage(): KeyStorage | null {
  try {
    return typeof window === "undefined" ? null : window.sessionStorage;
  } catch {
    // Storage blocked (privacy settings): a key per mount still.
    return null;
  }
}

/** The form's key for this tab: the one kept since the last success, else a new one (kept). */
export function mountIdempotencyKey(formId: string, store: KeyStorage | null = storage()): string {
  try {
    const kept = store?.getItem(KEY_STORAGE_PREFIX + formId);
    if (kept && KEY_SHAPE.test(kept)) return kept;
  } catch {
    // Unreadable storage: fall through to a new key.
  }
  return renewIdempotencyKey(formId, store);
}

/** After a success: the next lead of this form gets a new key (kept for a reload). */
export function renewIdempotencyKey(formId: string, store: KeyStorage | null = storage()): string {
  const key = newIdempotencyKey();
  try {
    store?.setItem(KEY_STORAGE_PREFIX + formId, key);
  } catch {
    // Full or blocked storage: the key lives as long as the mount.
  }
  return key;
}
