import { useEffect, useState } from "react";

/**
 * True once the element has come within one viewport height of the viewport, and from then on.
 * Work that measures the element (and so forces its layout, which `content-visibility` would
 * otherwise skip) waits for it. Without IntersectionObserver it is true at once.
 */
export function useNearViewport(element: Element | null): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    if (near || !element) return;
    if (typeof IntersectionObserver === "undefined") {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          setNear(true);
        }
      },
      { rootMargin: "100% 0px" }
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, near]);
  return near;
}
