import { track } from "~/features/analytics/track";

export const CONSENT_ENDPOINT = "/api/consent";
/** The cookie banner's form (cookie-banner.tsx), found by the document-wide enhancement below. */
export const CONSENT_FORM_CLASS = "cookie-banner__form";

/** Sends the banner's consent with fetch; a failure lets the browser post the form the plain way. */
async function acceptWithFetch(form: HTMLFormElement, accepted: () => void): Promise<void> {
  const button = form.querySelector("button");
  if (button) button.disabled = true;
  try {
    const response = await fetch(CONSENT_ENDPOINT, { method: "POST", body: new FormData(form), headers: { accept: "application/json" } });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    accepted();
    const banner = form.closest(".cookie-banner");
    if (banner instanceof HTMLElement) banner.hidden = true;
    track("cookie_consent", { consent: "accepted" });
    document.getElementById("main")?.focus({ preventScroll: true });
  } catch {
    form.submit();
  } finally {
    if (button) button.disabled = false;
  }
}

/**
 * The banner's accept, enhanced document-wide (the banner itself is server HTML, a form that
 * posts without JavaScript). Plain DOM code, started with the page. `accepted` tells the site
 * state where one runs (a document that hydrates as one app). Returns its removal.
 */
export function enhanceConsentForm(accepted: () => void = () => {}): () => void {
  const onSubmit = (event: SubmitEvent) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.classList.contains(CONSENT_FORM_CLASS) || event.defaultPrevented) return;
    event.preventDefault();
    void acceptWithFetch(form, accepted);
  };
  document.addEventListener("submit", onSubmit);
  return () => document.removeEventListener("submit", onSubmit);
}
