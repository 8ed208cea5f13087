import { describe, expect, it } from "vitest";
import { KEY_STORAGE_PREFIX, mountIdempotencyKey, newIdempotencyKey, renewIdempotencyKey } from "~/features/forms/idempotency-key";
import { cleanIdempotencyKey } from "~/features/forms/submit.server";

/** A tab's sessionStorage. */
function tabStorage() {
  const items = new Map<string, string>();
  return { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v), items };
}

describe("idempotency keys of forms with JavaScript", () => {
  it("two visitors given one cached page's markup each send their own key", () => {
    const first = mountIdempotencyKey("contact-us", tabStorage());
    const second = mountIdempotencyKey("contact-us", tabStorage());
    expect(first).not.toBe(second);
    // A key the server accepts as it is.
    expect(cleanIdempotencyKey(first)).toBe(first);
    expect(first).toMatch(/^[0-9a-f-]{32,36}$/);
  });

  it("keeps a form's key across a reload until the lead is stored, then a new one (also kept)", () => {
    const tab = tabStorage();
    const key = mountIdempotencyKey("test-drive", tab);
    // The reload: the same tab mounts the form again and resends under the same key.
    expect(mountIdempotencyKey("test-drive", tab)).toBe(key);
    // Another form of the page has its own.
    expect(mountIdempotencyKey("contact-us", tab)).not.toBe(key);
    const next = renewIdempotencyKey("test-drive", tab);
    expect(next).not.toBe(key);
    expect(mountIdempotencyKey("test-drive", tab)).toBe(next);
    expect(tab.items.get(`${KEY_STORAGE_PREFIX}test-drive`)).toBe(next);
  });

  it("works without storage (blocked) and ignores a tampered stored value", () => {
    expect(mountIdempotencyKey("x", null)).not.toBe(mountIdempotencyKey("x", null));
    const tab = tabStorage();
    tab.setItem(`${KEY_STORAGE_PREFIX}x`, "<script>");
    expect(mountIdempotencyKey("x", tab)).not.toBe("<script>");
    const throwing = { getItem: () => { throw new Error("denied"); }, setItem: () => { throw new Error("denied"); } };
    expect(cleanIdempotencyKey(mountIdempotencyKey("x", throwing))).not.toBeNull();
    expect(newIdempotencyKey()).not.toBe(newIdempotencyKey());
  });
});
