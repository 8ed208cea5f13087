import { usePageLocation } from "~/islands/page-location";
import type { Footer } from "~/content/content-types";
import { StaticRichText } from "~/components/static-rich-text";
import { CONSENT_ENDPOINT, CONSENT_FORM_CLASS } from "./consent-form";

export { CONSENT_ENDPOINT } from "./consent-form";


/**
 * The cookie banner, shown while no consent cookie exists: server HTML with a plain form that posts
 * to /api/consent (the server answers 303 back to this page). With JavaScript the site's effects
 * send it with fetch instead (`enhanceConsentForm`): the banner hides at once and focus moves to the page.
 */
export function CookieBanner({ footer }: { footer: Footer | null }) {
  const { pathname, search } = usePageLocation();
  if (!footer?.cookie_accept_label) return null;
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
        <form method="post" action={CONSENT_ENDPOINT} className={CONSENT_FORM_CLASS}>
          <input type="hidden" name="returnTo" value={`${pathname}${search}`} />
          <button type="submit" className="button button--sm button--primary">
            {footer.cookie_accept_label}
          </button>
        </form>
      </div>
    </section>
  );
}
