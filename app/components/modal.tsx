import {
  useEffect,
  useRef,
  type MouseEvent,
  type ReactNode,
  type RefObject,
} from "react";
import { createPortal } from "react-dom";
import { LABELS } from "./labels";
import { closeModal, modalId } from "./modal-state";
import { useModalOpen } from "./use-modal-open";
import { useHydrated } from "~/islands/use-hydrated";

/** Modal sizes of the spec; sm is the default. */
export const MODAL_SIZES = [
  "sm",
  "md",
  "md-plus",
  "lg",
  "full-screen",
] as const;
export type ModalSize = (typeof MODAL_SIZES)[number];

/** Body class while a modal is open. */
export const MODAL_OPEN_CLASS = "modal-open";

// A details element's summary takes focus too: the finance calculator's help sections end its dialog.
const FOCUSABLE =
  'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), details > summary:first-of-type, iframe, video[controls], [tabindex]:not([tabindex="-1"])';

// ---- The dialog ----------------------------------------------------------------------------

let openCount = 0;

function useModalBehaviour(
  active: boolean,
  ref: RefObject<HTMLDivElement | null>,
  onClose: () => void
) {
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  useEffect(() => {
    const node = ref.current;
    if (!active || !node) return;
    // A modal the server rendered open (or showed before its code ran) may already hold the
    // visitor's focus, typing in a field: it stays there, and there is nothing to return to.
    const focusedInside = node.contains(document.activeElement);
    const previous =
      !focusedInside && document.activeElement instanceof HTMLElement
        ? document.activeElement
        : null;
    const body = document.body;
    const scrollbar = window.innerWidth - document.documentElement.clientWidth;
    openCount++;
    body.classList.add(MODAL_OPEN_CLASS);
    if (scrollbar > 0) body.style.paddingRight = `${scrollbar}px`;

    const focusables = () =>
      Array.from(node.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
        (el) =>
          !el.closest("[inert]") &&
          el.getAttribute("aria-hidden") !== "true" &&
          // Not rendered (in a closed details, display: none) means Tab cannot reach it, so it
          // cannot be where the trap wraps round: focus would stick or slip out of the dialog.
          el.getClientRects().length > 0
      );
    const initial =
      node.querySelector<HTMLElement>("[data-autofocus]") ??
      focusables()[0] ??
      node;
    if (!focusedInside) initial.focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        event.stopPropagation();
        onCloseRef.current();
        return;
      }
      if (event.key !== "Tab") return;
      const items = focusables();
      if (items.length === 0) {
        event.preventDefault();
        node.focus();
        return;
      }
      const first = items[0];
      const last = items[items.length - 1];
      const current = document.activeElement;
      if (event.shiftKey && (current === first || !node.contains(current))) {
        event.preventDefault();
        last.focus();
      } else if (
        !event.shiftKey &&
        (current === last || !node.contains(current))
      ) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      openCount = Math.max(0, openCount - 1);
      if (openCount === 0) {
        body.classList.remove(MODAL_OPEN_CLASS);
        body.style.paddingRight = "";
      }
      if (previous && previous.isConnected) previous.focus();
    };
  }, [active, ref]);
}

export interface ModalProps {
  open: boolean;
  onClose: () => void;
  size?: ModalSize;
  /** Id of the element that names the dialog (usually its heading). */
  labelledBy?: string;
  /** Accessible name when there is no visible heading. */
  label?: string;
  /** Element id; with it the closed modal stays in the page so `#id` opens it without JavaScript. */
  id?: string;
  /**
   * Where the close control and the overlay go without JavaScript, for a modal the server rendered
   * open (not through `#id`): a page without it. Default: the closed anchor.
   */
  closeHref?: string;
  className?: string;
  children: ReactNode;
}

/**
 * An accessible dialog: sizes sm (default), md, md-plus, lg, full-screen. Closes on the close
 * button, a click on the overlay and Escape; focus is trapped inside while open and restored
 * afterwards; the body carries `modal-open` (and scrollbar padding) while open. Without
 * JavaScript a modal with an `id` opens through its `#id` anchor (CSS :target) and the close
 * control and overlay are links away from it.
 */
export function Modal({
  open,
  onClose,
  size = "sm",
  labelledBy,
  label,
  id,
  closeHref: closedHref,
  className,
  children,
}: ModalProps) {
  const hydrated = useHydrated();
  const ref = useRef<HTMLDivElement>(null);
  const active = hydrated && open;
  useModalBehaviour(active, ref, onClose);
  if (!open && !id) return null;
  const close = (event: MouseEvent) => {
    event.preventDefault();
    onClose();
  };
  // Without JavaScript, closing goes to an anchor that exists (a link to no anchor is an error,
  // WCAG 2.4.1 checkers) and that is hidden, so the page does not scroll and the modal is no longer
  // :target. A modal without an id opens only with JavaScript, where the links are not followed.
  const closedId = id ? `${id}-closed` : undefined;
  const closeHref = closedHref ?? (closedId ? `#${closedId}` : "#");
  const dialog = (
    <div
      id={id}
      ref={ref}
      className={[
        "modal",
        `modal--${size}`,
        open ? "modal--open" : "",
        className ?? "",
      ]
        .filter(Boolean)
        .join(" ")}
      role="dialog"
      aria-modal="true"
      aria-labelledby={labelledBy}
      aria-label={labelledBy ? undefined : label}
      tabIndex={-1}
    >
      <a
        href={closeHref}
        className="modal__overlay"
        tabIndex={-1}
        aria-hidden="true"
        onClick={close}
      >
        <span className="visually-hidden">{LABELS.close}</span>
      </a>
      <div className="modal__dialog">
        {hydrated ? (
          <button
            type="button"
            className="modal__close"
            aria-label={LABELS.close}
            onClick={onClose}
          >
            <span aria-hidden="true">×</span>
          </button>
        ) : (
          <a href={closeHref} className="modal__close" aria-label={LABELS.close}>
            <span aria-hidden="true">×</span>
          </a>
        )}
        <div className="modal__body">{children}</div>
      </div>
      {closedId ? <span id={closedId} hidden /> : null}
    </div>
  );
  // A modal with an id opens where the server rendered it, as its `:target` copy does: the node
  // the visitor may already be using (typing in it before its code ran) stays. One without goes to the body.
  if (active && !id && typeof document !== "undefined")
    return createPortal(dialog, document.body);
  return dialog;
}

/** A modal opened by name (a button's `modalAction`), reachable at `#modal-<name>` without JavaScript. */
export function NamedModal({
  name,
  ...props
}: Omit<ModalProps, "open" | "onClose" | "id"> & { name: string }) {
  const open = useModalOpen(name);
  return (
    <Modal
      {...props}
      id={modalId(name)}
      open={open}
      onClose={() => closeModal(name)}
    />
  );
}
