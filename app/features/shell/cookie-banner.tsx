import { defineIsland } from "~/islands/island";
import { usePageLocation } from "~/islands/page-location";
import { useState, type FormEvent } from "react";
import type { Footer } from "~/content/content-types";
import { StaticRichText } from "~/content/static-rich-text";
import { track } from "~/features/analytics/track";
import { useSiteState, useSiteStore } from "~/features/site-state/site-context";
import { setConsent } from "~/features/site-state/store";

export const CONSENT_ENDPOINT = "/api/consent";

/**
 * The cookie banner, shown while no consent cookie exists. Accept posts to /api/consent: a plain
 * form post without JavaScript (the server answers 303 back to this page), a fetch with it (the
 * banner hides at once and focus moves to the page).
 */
export function CookieBanner({ footer }: { footer: Footer | null }) {
  const store = useSiteStore();
  const { consent } = useSiteState();
  const { pathname, search } = usePageLocation();
  const [pending, setPending] = useState(false);
  if (consent !== false || !footer?.cookie_accept_label) return null;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    setPending(true);
    try {
      const response = await fetch(CONSENT_ENDPOINT, {
        method: "POST",
        body: new FormData(form),
        headers: { accept: "application/json" },
      });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      setConsent(store, true);
      track("cookie_consent", { consent: "accepted" });
      document.getElementById("main")?.focus({ preventScroll: true });
    } catch {
      // Let the browser post the form the plain way.
      form.submit();
    } finally {
      setPending(false);
    }
  };

  const headingId = "cookie-banner-heading";
  return (
    <section className="cookie-banner" aria-labelledby={footer.cookie_banner_heading ? headingId : undefined} aria-label={footer.cookie_banner_heading ? undefined : footer.cookie_accept_label}>
      <div className="container cookie-banner__inner">
        <div className="cookie-banner__text">
          {footer.cookie_banner_heading ? (
            <h2 id={headingId} className="cookie-banner__heading">
              {footer.cookie_banner_heading}
            </h2>
          ) : null}
          <StaticRichText doc={footer.cookie_banner_text} className="richtext cookie-banner__body" />
        </div>
        <form method="post" action={CONSENT_ENDPOINT} onSubmit={onSubmit} className="cookie-banner__form">
          <input type="hidden" name="returnTo" value={`${pathname}${search}`} />
          <button type="submit" className="button button--sm button--primary" disabled={pending}>
            {footer.cookie_accept_label}
          </button>
        </form>
      </div>
    </section>
  );
}

export const cookieBannerIsland = defineIsland("cookie-banner", ({ footer }: { footer: Footer | null }) => <CookieBanner footer={footer} />);
