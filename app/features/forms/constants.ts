/** Names shared by the form markup (browser) and the server. */

/** The hidden field with the idempotency key generated when the form rendered. */
export const IDEMPOTENCY_FIELD = "idempotency_key";
/** The honeypot: a field people never see; a bot fills it. A name no browser autofills. */
export const HONEYPOT_FIELD = "kestrel_hp";
/** The bot-protection widget's token (form post field and JSON property). */
export const BOT_TOKEN_FIELD = "token";
/** The no-JavaScript "find dealers" button: name="intent" value="dealers". */
export const INTENT_FIELD = "intent";
export const DEALERS_INTENT = "dealers";
/** The hidden field naming the element to return to after a post (the form or its modal). */
export const ANCHOR_FIELD = "form_anchor";
/** Query parameter of the page shown after a successful post (redirect after POST). */
export const SUBMITTED_PARAM = "submitted";

/** The JSON endpoints (spec section 7). */
export const FORM_API_PATH = "/api/form/";
export const COMPETITION_API_PATH = "/api/competition/";
export const DEALERS_API_PATH = "/api/dealers-for-postcode";
