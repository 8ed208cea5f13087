import { useEffect } from "react";
import { onDocumentClick, type ClickHandler, type ClickHandlerName } from "./document-clicks";

/**
 * A component's handler for one slot of the document's click delegator while it is mounted.
 * Registering again (a new `handler`) keeps the slot's place: the order is the table's, not the
 * registrations'.
 */
export function useDocumentClick(name: ClickHandlerName, handler: ClickHandler): void {
  useEffect(() => onDocumentClick(name, handler), [name, handler]);
}
