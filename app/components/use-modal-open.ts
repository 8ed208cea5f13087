import { useSyncExternalStore } from "react";
import { openModalName, subscribeModals } from "./modal-state";

/** True while the named modal is open (modal-state.ts). */
export function useModalOpen(name: string): boolean {
  return useSyncExternalStore(
    subscribeModals,
    () => openModalName() === name,
    () => false,
  );
}
