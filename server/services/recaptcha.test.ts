import { describe, expect, it, vi } from "vitest";
import { createRecaptchaVerifier } from "./recaptcha.ts";

const settings = { enabled: true, siteKey: "site-key", projectId: "my-project" };

function verifierAnswering(status: number, body: unknown = {}) {
  const fetch = vi.fn(async () => new Response(JSON.stringify(body), { status }));
  const logger = { error: vi.fn() };
  const verifier = createRecaptchaVerifier({
    apiKey: "api-key",
    fetch: fetch as unknown as typeof globalThis.fetch,
    logger,
  });
  return { verifier, fetch, logger };
}

const verify = (verifier: ReturnType<typeof createRecaptchaVerifier>, token?: string) =>
  verifier.verify({ token, settings, expectedAction: "login" });

describe("the reCAPTCHA Enterprise check", () => {
  it("asks for an assessment of the token and passes a valid one that scores well", async () => {
    const { verifier, fetch } = verifierAnswering(200, {
      tokenProperties: { valid: true, action: "login" },
      riskAnalysis: { score: 0.9 },
    });
    expect(await verify(verifier, "token")).toBe("pass");
    expect(fetch).toHaveBeenCalledWith(
      "https://recaptchaenterprise.googleapis.com/v1/projects/my-project/assessments?key=api-key",
      expect.objectContaining({
        method: "POST",
        body: JSON.stringify({ event: { token: "token", siteKey: "site-key", expectedAction: "login" } }),
      }),
    );
  });

  it.each([
    ["a low score", { tokenProperties: { valid: true, action: "login" }, riskAnalysis: { score: 0.1 } }],
    ["an invalid token", { tokenProperties: { valid: false, invalidReason: "EXPIRED" } }],
    [
      "another action's token",
      { tokenProperties: { valid: true, action: "signup" }, riskAnalysis: { score: 0.9 } },
    ],
  ])("fails %s", async (_case, assessment) => {
    expect(await verify(verifierAnswering(200, assessment).verifier, "token")).toBe("fail");
  });

  it("fails a missing token without asking", async () => {
    const { verifier, fetch } = verifierAnswering(200);
    expect(await verify(verifier)).toBe("fail");
    expect(fetch).not.toHaveBeenCalled();
  });

  it("is unavailable, with a message for the operator, when the key or project is wrong", async () => {
    const { verifier, logger } = verifierAnswering(403);
    expect(await verify(verifier, "token")).toBe("unavailable");
    expect(logger.error).toHaveBeenCalledWith(
      expect.stringContaining("check the API key, projectId and siteKey"),
    );
  });

  it("is unavailable when no API key is configured", async () => {
    const logger = { error: vi.fn() };
    const verifier = createRecaptchaVerifier({ apiKey: null, fetch: vi.fn(), logger });
    expect(await verify(verifier, "token")).toBe("unavailable");
    expect(logger.error).toHaveBeenCalledWith(expect.stringContaining("RECAPTCHA_API_KEY is not set"));
  });

  it("is unavailable when the service cannot be reached", async () => {
    const logger = { error: vi.fn() };
    const fetch = vi.fn(async () => {
      throw new TypeError("fetch failed");
    });
    const verifier = createRecaptchaVerifier({
      apiKey: "k",
      fetch: fetch as unknown as typeof globalThis.fetch,
      logger,
    });
    expect(await verify(verifier, "token")).toBe("unavailable");
  });
});
