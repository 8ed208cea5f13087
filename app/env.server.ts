import path from "node:path";
import { z } from "zod";

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

/** Every environment variable the server reads, validated once at start. */
export const envSchema = z.object({
  NODE_ENV: z
    .enum(["development", "production", "test"], { message: "NODE_ENV must be development, production or test" })
    .default("development"),
  PORT: z.coerce
    .number({ message: "PORT must be a whole number between 1 and 65535" })
    .int("PORT must be a whole number between 1 and 65535")
    .min(1, "PORT must be a whole number between 1 and 65535")
    .max(65535, "PORT must be a whole number between 1 and 65535")
    .default(3000),
  CONTENT_DIR: z.string().trim().min(1).default("content-fixtures"),
  STORYBLOK_TOKEN: optionalString,
  STORYBLOK_REGION: z
    .enum(["eu", "us", "ap", "ca", "cn"], { message: "STORYBLOK_REGION must be one of eu, us, ap, ca, cn" })
    .default("eu"),
  STORYBLOK_PREVIEW_TOKEN: optionalString,
  SITE_URL: z
    .url({ message: "SITE_URL must be an absolute http(s) URL such as https://www.example.com" })
    .refine((v) => /^https?:\/\//.test(v), "SITE_URL must start with http:// or https://")
    .transform((v) => v.replace(/\/+$/, ""))
    .optional(),
});

export type Env = z.infer<typeof envSchema> & { SITE_URL: string; CONTENT_DIR_ABS: string };

export class EnvError extends Error {}

/** Parses an environment; throws EnvError with one line per bad variable. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".") || "env"}: ${i.message}`);
    throw new EnvError(`Invalid environment configuration:\n${lines.join("\n")}`);
  }
  const env = result.data;
  return {
    ...env,
    SITE_URL: env.SITE_URL ?? `http://localhost:${env.PORT}`,
    CONTENT_DIR_ABS: path.resolve(env.CONTENT_DIR),
  };
}

let cached: Env | undefined;

/** The validated environment of this process. */
export function getEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/** The subset that may reach the browser as window.ENV. Never add secrets here. */
export function getPublicEnv(env: Env = getEnv()) {
  return { SITE_URL: env.SITE_URL, MODE: env.NODE_ENV };
}
export type PublicEnv = ReturnType<typeof getPublicEnv>;
