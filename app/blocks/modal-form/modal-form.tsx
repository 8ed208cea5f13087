import { useEffect } from "react";
import { Modal } from "~/components/modal";
import { closeModal, modalId, openModal } from "~/components/modal-state";
import { useModalOpen } from "~/components/use-modal-open";
import { FormView } from "~/features/forms/form-view";
import type { ModalFormBlok } from "./modal-form.schema";

/**
 * `modal-form`: a form shown in a modal, opened by buttons whose `modalAction` is the modal key.
 * Without JavaScript the buttons link to `#modal-<key>` (the modal opens by CSS :target), and the
 * form's post returns to that anchor, so errors and the success message show in the modal.
 */
export function ModalForm({ blok }: { blok: ModalFormBlok }) {
  const name = blok.modal_key;
  const id = modalId(name);
  const open = useModalOpen(name);
  const inner = blok.form?.[0];

  // Arriving at #modal-<key> (a no-JavaScript post returned here): open it as a named modal and drop
  // the fragment, so CSS :target no longer holds it open once JavaScript runs.
  useEffect(() => {
    if (window.location.hash !== `#${id}`) return;
    openModal(name);
    window.history.replaceState(window.history.state, "", window.location.pathname + window.location.search);
  }, [id, name]);

  if (!inner) return null;
  const headingId = `${id}-heading`;
  return (
    <Modal
      id={id}
      open={open}
      onClose={() => closeModal(name)}
      size={blok.size ?? "md"}
      labelledBy={inner.heading ? headingId : undefined}
      label={inner.heading ? undefined : inner.form_id}
      className="modal-form"
    >
      <FormView blok={inner} modal={{ id, headingId }} />
    </Modal>
  );
}

export default ModalForm;
