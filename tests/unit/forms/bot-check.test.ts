import { describe, expect, it, vi } from "vitest";
import { honeypotTripped, verifyBotToken } from "~/features/forms/bot-check.server";

describe("bot check", () => {
  it("the honeypot is tripped by any value", () => {
    expect(honeypotTripped("")).toBe(false);
    expect(honeypotTripped(null)).toBe(false);
    expect(honeypotTripped("http://spam.example")).toBe(true);
  });

  it("without a secret every token passes (only the honeypot applies)", async () => {
    const fetchImpl = vi.fn();
    expect(await verifyBotToken(undefined, { verifyUrl: "https://verify.example" }, fetchImpl)).toBe(true);
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it("with a secret the token is verified server-side", async () => {
    const config = { secret: "s3cret", verifyUrl: "https://verify.example/siteverify" };
    const fetchImpl = vi.fn(async (_url: string | URL | Request, init?: RequestInit) => {
      const body = new URLSearchParams(String(init?.body));
      return Response.json({ success: body.get("secret") === "s3cret" && body.get("response") === "good" });
    });
    expect(await verifyBotToken("good", config, fetchImpl as unknown as typeof fetch)).toBe(true);
    expect(await verifyBotToken("bad", config, fetchImpl as unknown as typeof fetch)).toBe(false);
    expect(await verifyBotToken("", config, fetchImpl as unknown as typeof fetch)).toBe(false);
    expect(fetchImpl.mock.calls[0][0]).toBe("https://verify.example/siteverify");
  });

  it("an unreachable verification service fails the check", async () => {
    const fetchImpl = vi.fn(async () => {
      throw new TypeError("fetch failed");
    });
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(await verifyBotToken("good", { secret: "s", verifyUrl: "https://verify.example" }, fetchImpl as unknown as typeof fetch)).toBe(false);
    error.mockRestore();
  });
});
