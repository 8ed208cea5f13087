import { describe, expect, it } from "vitest";
import { parseEnv } from "~/server/env.server";
import { DEFAULT_BOT_CHECK_VERIFY_URL, botCheckConfigFromEnv } from "~/features/forms/bot-check.server";
import { DEFAULT_OUTBOX_CONFIG, outboxConfigFromEnv } from "~/features/forms/outbox.server";
import { DEFAULT_RATE_LIMIT, rateLimitConfigFromEnv } from "~/features/forms/rate-limit.server";
import { DEFAULT_LEADS_DB_PATH, leadStoreConfigFromEnv } from "~/features/forms/store.server";

/** The forms' configuration from the validated environment (server.ts passes its own). */
describe("forms configuration from the validated environment", () => {
  it("has the defaults when nothing is set", () => {
    const env = parseEnv({});
    expect(rateLimitConfigFromEnv(env)).toEqual(DEFAULT_RATE_LIMIT);
    expect(botCheckConfigFromEnv(env)).toEqual({ secret: undefined, verifyUrl: DEFAULT_BOT_CHECK_VERIFY_URL });
    expect(leadStoreConfigFromEnv(env)).toEqual({ databaseUrl: undefined, sqlitePath: DEFAULT_LEADS_DB_PATH });
    expect(outboxConfigFromEnv(env)).toEqual({ ...DEFAULT_OUTBOX_CONFIG, crmBaseUrl: undefined, crmToken: undefined });
  });

  it("takes the values that are set (trimmed; empty is unset)", () => {
    const env = parseEnv({
      FORM_RATE_LIMIT: "5",
      FORM_RATE_WINDOW_SECONDS: "60",
      BOT_CHECK_SECRET: " s3cret ",
      BOT_CHECK_VERIFY_URL: "https://verify.example/siteverify",
      DATABASE_URL: "",
      LEADS_DB_PATH: " /tmp/leads.db ",
      CRM_BASE_URL: "https://crm.example/api",
      CRM_API_TOKEN: "token",
      OUTBOX_POLL_MS: "250",
      OUTBOX_MAX_ATTEMPTS: "3",
      OUTBOX_BASE_DELAY_MS: "100",
    });
    expect(rateLimitConfigFromEnv(env)).toEqual({ limit: 5, windowMs: 60_000 });
    expect(botCheckConfigFromEnv(env)).toEqual({ secret: "s3cret", verifyUrl: "https://verify.example/siteverify" });
    expect(leadStoreConfigFromEnv(env)).toEqual({ databaseUrl: undefined, sqlitePath: "/tmp/leads.db" });
    expect(outboxConfigFromEnv(env)).toMatchObject({ crmBaseUrl: "https://crm.example/api", crmToken: "token", pollMs: 250, maxAttempts: 3, baseDelayMs: 100 });
  });
});
