/*
 * Which named modal is open. Plain DOM code, apart from the dialog (modal.tsx) and from React
 * (use-modal-open.ts), so that what opens a modal (a button's `modalAction`, the document's
 * actions on every page) loads neither.
 */

let openName: string | null = null;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

/** Calls `listener` whenever a modal opens or closes; returns its removal. */
export function subscribeModals(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The open modal's name, or null. */
export function openModalName(): string | null {
  return openName;
}

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

/** The element id of a named modal: the no-JavaScript fallback links to `#modal-<name>`. */
export function modalId(name: string): string {
  return `modal-${name
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, "-")}`;
}

