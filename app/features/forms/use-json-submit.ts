import { useCallback, useRef, useState } from "react";
import type { Country } from "~/content/schema";
import { trackFormError, trackFormSubmit } from "./analytics";
import type { FormBlok } from "./content";
import { formValues, leadRequest, sendLead, type LeadRequest, type SendOutcome } from "./send";

type SendHandlers = { start: () => void; done: (outcome: SendOutcome) => void };

/**
 * One submission at a time: a submit while one is in flight is ignored (a ref, not the state, so
 * a double click in one frame is caught). The outcome is handled before the form stops "sending",
 * so the button and the result change in one render.
 */
function useSendLead(): [boolean, (request: LeadRequest, key: string, on: SendHandlers) => Promise<void>] {
  const inFlight = useRef(false);
  const [sending, setSending] = useState(false);
  const send = useCallback(async (request: LeadRequest, key: string, on: SendHandlers) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setSending(true);
    on.start();
    try {
      on.done(await sendLead(request, key));
    } finally {
      inFlight.current = false;
      setSending(false);
    }
  }, []);
  return [sending, send];
}

export type SubmitResult = "success" | "failure" | null;

/**
 * The JavaScript submit of a valid form: its values as JSON to /api/form/ or /api/competition/,
 * with the form's idempotency key, and the result the form shows. A stored lead is tracked, the
 * form is reset and the key renewed.
 */
export function useJsonSubmit({
  blok,
  country,
  idempotencyKey,
  renewKey,
  onSuccess,
}: {
  blok: FormBlok;
  country: Country;
  idempotencyKey: string;
  renewKey: () => void;
  /** After a stored lead, once the form is reset (a modal-form's own reaction). */
  onSuccess?: () => void;
}) {
  const formId = blok.form_id;
  const [submitting, sendToApi] = useSendLead();
  const [result, setResult] = useState<SubmitResult>(null);
  // The server's own message for a refusal the visitor can act on (over the rate limit: when to try again).
  const [failureMessage, setFailureMessage] = useState<string | null>(null);

  function submit(formData: FormData, reset: () => void) {
    const values = formValues(formData);
    void sendToApi(leadRequest(blok, country, values), idempotencyKey, {
      start: () => setFailureMessage(null),
      done: (outcome) => {
        if (outcome.ok) {
          trackFormSubmit(formId, country, values.enquiry_type);
          reset();
          renewKey();
          setResult("success");
          onSuccess?.();
        } else {
          // The values and the idempotency key stay: a retry of a lead the server did store is not stored twice.
          setFailureMessage(outcome.message);
          trackFormError(formId, country, "submit");
          setResult("failure");
        }
      },
    });
  }
  return { submitting, result, setResult, failureMessage, submit };
}
