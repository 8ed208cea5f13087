import { useSyncExternalStore } from "react";

/*
 * Which named modal is open. Apart from the dialog (modal.tsx) so that what opens a modal (a
 * button's `modalAction`, DocumentActions on every page) does not load the dialog's code.
 */

let openName: string | null = null;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Opens the named modal (a button's `modalAction`). */
export function openModal(name: string): void {
  openName = name;
  emit();
}

/** Closes the named modal, or whichever is open. */
export function closeModal(name?: string): void {
  if (name && openName !== name) return;
  openName = null;
  emit();
}

/** True while the named modal is open. */
export function useModalOpen(name: string): boolean {
  return useSyncExternalStore(
    subscribe,
    () => openName === name,
    () => false
  );
}

/** The element id of a named modal: the no-JavaScript fallback links to `#modal-<name>`. */
export function modalId(name: string): string {
  return `modal-${name
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, "-")}`;
}

