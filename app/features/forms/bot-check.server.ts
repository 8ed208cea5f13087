/**
 * Bot protection. Every form carries a honeypot field that people never see; a value in it is a
 * bot. With BOT_CHECK_SECRET set, the token of the client's bot-protection widget (Cloudflare
 * Turnstile by default; any service with the same siteverify protocol through
 * BOT_CHECK_VERIFY_URL) is verified server-side before a lead is stored.
 */

import { getEnv, type Env } from "~/server/env.server";

export { BOT_TOKEN_FIELD, HONEYPOT_FIELD } from "./constants";
export const DEFAULT_BOT_CHECK_VERIFY_URL = "https://challenges.cloudflare.com/turnstile/v0/siteverify";
export const BOT_CHECK_TIMEOUT_MS = 5_000;

export function honeypotTripped(value: unknown): boolean {
  return typeof value === "string" && value.trim() !== "";
}

export interface BotCheckConfig {
  secret?: string;
  verifyUrl: string;
}

export function botCheckConfigFromEnv(env: Pick<Env, "BOT_CHECK_SECRET" | "BOT_CHECK_VERIFY_URL">): BotCheckConfig {
  return {
    secret: env.BOT_CHECK_SECRET?.trim() || undefined,
    verifyUrl: env.BOT_CHECK_VERIFY_URL?.trim() || DEFAULT_BOT_CHECK_VERIFY_URL,
  };
}

/**
 * True when no secret is configured, or the verification service accepts the token. A missing
 * token, a refusal, or an unreachable service is false: nothing is stored.
 */
export async function verifyBotToken(
  token: string | null | undefined,
  config: BotCheckConfig = botCheckConfigFromEnv(getEnv()),
  fetchImpl: typeof fetch = fetch,
): Promise<boolean> {
  if (!config.secret) return true;
  if (!token || token.length > 4096) return false;
  try {
    const response = await fetchImpl(config.verifyUrl, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ secret: config.secret, response: token }),
      signal: AbortSignal.timeout(BOT_CHECK_TIMEOUT_MS),
    });
    if (!response.ok) return false;
    const body = (await response.json()) as { success?: unknown };
    return body.success === true;
  } catch (error) {
    console.error(`[leads] bot check could not be verified: ${error instanceof Error ? error.name : "error"}`);
    return false;
  }
}
