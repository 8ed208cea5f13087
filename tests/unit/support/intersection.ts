/**
 * A stand-in for IntersectionObserver in happy-dom (whose observer never reports): it records the
 * observed elements and, as a browser does, reports each once soon after it is observed (out of
 * view, or as `firstReport` says, after its delay); `intersect()` reports them as in view, as a
 * browser does when they come near the viewport; with `immediate`, every element is in view as
 * soon as it is observed. `restore()` puts the original back.
 */
export function installIntersectionObserver(options: { immediate?: boolean; firstReport?: { inView: boolean; afterMs: number } } = {}) {
  const observers = new Set<StandIn>();
  class StandIn {
    readonly elements = new Set<Element>();
    constructor(private readonly callback: IntersectionObserverCallback) {
      observers.add(this);
    }
    observe(element: Element) {
      this.elements.add(element);
      if (options.immediate) this.report([element]);
      else if (options.firstReport) setTimeout(() => this.elements.has(element) && this.report([element], options.firstReport!.inView), options.firstReport.afterMs);
      else queueMicrotask(() => this.elements.has(element) && this.report([element], false));
    }
    unobserve(element: Element) {
      this.elements.delete(element);
    }
    disconnect() {
      this.elements.clear();
      observers.delete(this);
    }
    takeRecords() {
      return [];
    }
    report(elements: Element[], isIntersecting = true) {
      const entries = elements.map((target) => ({ target, isIntersecting, intersectionRatio: isIntersecting ? 1 : 0 }) as unknown as IntersectionObserverEntry);
      this.callback(entries, this as unknown as IntersectionObserver);
    }
  }
  const original = globalThis.IntersectionObserver;
  globalThis.IntersectionObserver = StandIn as unknown as typeof IntersectionObserver;
  return {
    /** How many elements are being watched. */
    watched: () => [...observers].reduce((n, o) => n + o.elements.size, 0),
    /** Every watched element comes into view. */
    intersect: () => {
      for (const observer of [...observers]) observer.report([...observer.elements]);
    },
    restore: () => {
      globalThis.IntersectionObserver = original;
    },
  };
}
