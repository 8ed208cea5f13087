/**
 * A flat state object whose assignments notify its subscribers: the site state's store (store.ts).
 * Its fields are plain values, so a snapshot is a frozen shallow copy, made once per change, and
 * subscribers are told once per task of changes, after the code that made them. Small enough for
 * the first island of a page to bring along (a general proxy library cost more than React's
 * share of some pages).
 */

interface Meta<T> {
  listeners: Set<() => void>;
  snapshot: Readonly<T> | null;
  queued: boolean;
}

const metas = new WeakMap<object, Meta<object>>();

function metaOf<T extends object>(state: T): Meta<T> {
  const meta = metas.get(state);
  if (!meta) throw new Error("Not an observable state");
  return meta as Meta<T>;
}

/** The state object: read and assign its fields as a plain object's. */
export function observable<T extends object>(initial: T): T {
  const meta: Meta<T> = { listeners: new Set(), snapshot: null, queued: false };
  const state = new Proxy({ ...initial }, {
    set(target, key, value: unknown) {
      if (Object.is(Reflect.get(target, key), value)) return true;
      Reflect.set(target, key, value);
      meta.snapshot = null;
      if (!meta.queued && meta.listeners.size > 0) {
        meta.queued = true;
        queueMicrotask(() => {
          meta.queued = false;
          for (const listener of [...meta.listeners]) listener();
        });
      }
      return true;
    },
  });
  metas.set(state, meta as Meta<object>);
  return state;
}

/** Calls `listener` after changes; returns its removal. */
export function subscribe(state: object, listener: () => void): () => void {
  const { listeners } = metaOf(state);
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The state as it is now: the same frozen object until the next change. */
export function snapshot<T extends object>(state: T): Readonly<T> {
  const meta = metaOf(state);
  return (meta.snapshot ??= Object.freeze({ ...state }));
}
