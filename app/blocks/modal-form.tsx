import { useEffect } from "react";
import { z } from "zod";
import { blokBase } from "~/content/schema";
import { MODAL_SIZES, Modal, closeModal, modalId, openModal, useModalOpen } from "~/components/modal";
import { competitionFormBlokSchema, formBlokSchema } from "~/features/forms/content";
import { FormView } from "~/features/forms/form-view";
import { defineBlock } from "./types";

/**
 * `modal-form`: a form shown in a modal, opened by buttons whose `modalAction` is the modal key.
 * Without JavaScript the buttons link to `#modal-<key>` (the modal opens by CSS :target), and the
 * form's post returns to that anchor, so errors and the success message show in the modal.
 */
export const schema = z
  .object({
    ...blokBase,
    component: z.literal("modal-form"),
    /** The name buttons use in `modalAction` to open this modal. */
    modal_key: z.string().trim().min(1),
    size: z.enum(MODAL_SIZES).optional(),
    /** The form shown in the modal (one `form` or `competition-form`). */
    form: z.array(z.union([formBlokSchema, competitionFormBlokSchema])).max(1).optional(),
  })
  .loose();

export type ModalFormBlok = z.infer<typeof schema>;

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

export const modalForm = defineBlock(schema, ModalForm);
