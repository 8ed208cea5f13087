/**
 * Analytics events until the shell's `track(event, data)` (app/features/analytics) lands: pushes
 * `{ event, ...data }` to `window.dataLayer`. Call sites use `track("event_name", {...})` only,
 * so swapping this module for the shell's is a one-line import change.
 */
export type AnalyticsData = Record<
  string,
  string | number | boolean | null | undefined
>;

export function track(event: string, data: AnalyticsData = {}): void {
  if (typeof window === "undefined") return;
  const w = window as unknown as { dataLayer?: unknown[] };
  w.dataLayer = w.dataLayer ?? [];
  w.dataLayer.push({ event, ...data });
}
