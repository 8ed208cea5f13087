/**
 * What a visitor enters in an island before its code runs: text typed in a field, a box ticked, a
 * radio chosen. The browser keeps it in the server's markup; the island's enhanced rendering may
 * reset it (a controlled input renders its own state) or replace the control. The runtime notes
 * each entry (start.ts) and puts it back on the control then in its place, as the browser tells a
 * visitor's input, so the island's own state follows.
 */

/** Controls whose entries are kept. */
export const ENTERABLE = 'input:not([type="hidden"]):not([type="submit"]):not([type="button"]):not([type="reset"]):not([type="image"]):not([type="file"]),textarea,select';

export type Entry = { kind: "text"; value: string } | { kind: "checked"; checked: boolean };

function isCheckable(control: HTMLElement): control is HTMLInputElement {
  return control instanceof HTMLInputElement && (control.type === "checkbox" || control.type === "radio");
}

/** The control's entry as it stands. */
export function entryOf(control: HTMLElement): Entry {
  if (isCheckable(control)) return { kind: "checked", checked: control.checked };
  return { kind: "text", value: (control as HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement).value };
}

/** True when the control differs from the server's markup: the visitor has entered something. */
export function enteredByVisitor(control: HTMLElement): boolean {
  if (isCheckable(control)) return control.checked !== control.defaultChecked;
  if (control instanceof HTMLSelectElement) return [...control.options].some((option) => option.selected !== option.defaultSelected);
  if (control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement) return control.value !== control.defaultValue;
  return false;
}

/**
 * Sets the value through the element's own setter: a framework that tracks the last value it set
 * (React's controlled inputs) then sees the event that follows as the visitor's change.
 */
function setNativeValue(control: HTMLInputElement | HTMLTextAreaElement, value: string): void {
  const prototype = control instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  const setter = Object.getOwnPropertyDescriptor(prototype, "value")?.set;
  if (setter) setter.call(control, value);
  else control.value = value;
}

/**
 * Puts the entry back on the control and tells the island, if the control no longer shows it or,
 * with `tell`, even if it does (right after hydration, when the island's state may not hold what
 * the field shows); true when it acted. A box or radio is clicked only if it does not show it.
 */
export function applyEntry(control: HTMLElement, entry: Entry, tell = false): boolean {
  if (entry.kind === "checked") {
    if (!isCheckable(control) || control.checked === entry.checked) return false;
    // A click, as the visitor's: the box or radio changes and the island hears input and change.
    if (control.type === "radio" && !entry.checked) return false;
    control.click();
    return true;
  }
  if (control instanceof HTMLSelectElement) {
    if (!tell && control.value === entry.value) return false;
    // React keeps no record of a select's value: the choice and its events are enough.
    control.value = entry.value;
    control.dispatchEvent(new Event("input", { bubbles: true }));
    control.dispatchEvent(new Event("change", { bubbles: true }));
    return true;
  }
  if (!(control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement) || isCheckable(control)) return false;
  if (!tell && control.value === entry.value) return false;
  // Hydration keeps the value the field shows while the island's state holds the server's (a
  // later render would put that back): told even when it shows, from a value the island did not see.
  if (control.value === entry.value) control.value = "";
  setNativeValue(control, entry.value);
  control.dispatchEvent(new Event("input", { bubbles: true }));
  control.dispatchEvent(new Event("change", { bubbles: true }));
  return true;
}

/** True when the `<summary>` belongs to a disclosure left open (read even once it left the page). */
export function openDisclosure(summary: Element): boolean {
  const details = summary.parentElement;
  return details instanceof HTMLDetailsElement && details.open;
}
