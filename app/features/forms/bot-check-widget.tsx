import { useEffect, useState } from "react";
import { BOT_TOKEN_FIELD } from "./constants";

/** The bot-protection widget's script (Cloudflare Turnstile; implicit rendering). */
export const BOT_CHECK_SCRIPT = "https://challenges.cloudflare.com/turnstile/v0/api.js";

/** The public site key, when the server exposes it as window.ENV.BOT_CHECK_SITE_KEY. */
function siteKey(): string | undefined {
  if (typeof window === "undefined") return undefined;
  const env = (window as unknown as { ENV?: { BOT_CHECK_SITE_KEY?: unknown } }).ENV;
  return typeof env?.BOT_CHECK_SITE_KEY === "string" && env.BOT_CHECK_SITE_KEY ? env.BOT_CHECK_SITE_KEY : undefined;
}

/**
 * The bot-protection widget: with a site key it loads the widget, which puts its token in the
 * form's `token` field before the form is sent (the server verifies it when BOT_CHECK_SECRET is
 * set). Without a site key it renders nothing; the honeypot still applies.
 */
export function BotCheckWidget() {
  const [key, setKey] = useState<string | undefined>(undefined);
  useEffect(() => setKey(siteKey()), []);
  useEffect(() => {
    if (!key || document.querySelector(`script[src="${BOT_CHECK_SCRIPT}"]`)) return;
    const script = document.createElement("script");
    script.src = BOT_CHECK_SCRIPT;
    script.async = true;
    script.defer = true;
    document.head.appendChild(script);
  }, [key]);
  if (!key) return null;
  return <div className="cf-turnstile form__bot-check" data-sitekey={key} data-response-field-name={BOT_TOKEN_FIELD} />;
}
