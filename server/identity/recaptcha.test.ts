import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  FAKE_BOT_TOKEN,
  FAKE_RECAPTCHA_API_KEY,
  FAKE_RECAPTCHA_SITE_KEY,
  type FakeRecaptcha,
  fakeRecaptchaToken,
  startFakeRecaptcha,
} from "../../tests/fakes/recaptcha-server.ts";
import { createRecaptchaVerifier, recaptchaConfigurationProblems } from "./recaptcha.ts";

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
      expect.stringContaining(
        "check RECAPTCHA_API_KEY and the store's login.recaptcha projectId and siteKey",
      ),
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

  it("is unavailable when the service answers something that is not an assessment", async () => {
    const logger = { error: vi.fn() };
    const fetch = vi.fn(async () => new Response("<html>gateway</html>", { status: 200 }));
    const verifier = createRecaptchaVerifier({
      apiKey: "k",
      fetch: fetch as unknown as typeof globalThis.fetch,
      logger,
    });
    expect(await verify(verifier, "token")).toBe("unavailable");
    expect(logger.error).toHaveBeenCalledWith(expect.stringContaining("not JSON"));
  });
});

describe("what the operator is told at boot", () => {
  it("says nothing while reCAPTCHA is off or complete", () => {
    expect(recaptchaConfigurationProblems(undefined, null)).toEqual([]);
    expect(recaptchaConfigurationProblems({ enabled: false }, null)).toEqual([]);
    expect(recaptchaConfigurationProblems(settings, "key")).toEqual([]);
  });

  it("names each missing piece", () => {
    expect(recaptchaConfigurationProblems({ enabled: true }, null)).toEqual([
      "the store enables reCAPTCHA but RECAPTCHA_API_KEY is not set",
      "login.recaptcha.siteKey is missing in the store settings",
      "login.recaptcha.projectId is missing in the store settings",
    ]);
  });
});

describe("against a local assessment service (RECAPTCHA_ENTERPRISE_ORIGIN)", () => {
  let fake: FakeRecaptcha;
  const fakeSettings = { enabled: true, siteKey: FAKE_RECAPTCHA_SITE_KEY, projectId: "p" };
  beforeAll(async () => {
    fake = await startFakeRecaptcha();
  });
  afterAll(() => fake.close());

  function verifierFor(apiKey: string) {
    const logger = { error: vi.fn() };
    return { logger, verifier: createRecaptchaVerifier({ apiKey, origin: `${fake.origin}/`, logger }) };
  }
  const check = (apiKey: string, token: string, expectedAction = "login") => {
    const { verifier, logger } = verifierFor(apiKey);
    return verifier
      .verify({ token, settings: fakeSettings, expectedAction })
      .then((verdict) => ({ verdict, logger }));
  };

  it("passes the token the script made for this site key and action", async () => {
    const token = fakeRecaptchaToken(FAKE_RECAPTCHA_SITE_KEY, "signup_email");
    expect((await check(FAKE_RECAPTCHA_API_KEY, token, "signup_email")).verdict).toBe("pass");
  });

  it("fails another action's token, another site's token, a made-up token and a low score", async () => {
    const cases = [
      [fakeRecaptchaToken(FAKE_RECAPTCHA_SITE_KEY, "login"), "login_code"],
      [fakeRecaptchaToken("another-site", "login"), "login"],
      ["made-up", "login"],
      [FAKE_BOT_TOKEN, "login"],
    ] as const;
    for (const [token, action] of cases) {
      expect((await check(FAKE_RECAPTCHA_API_KEY, token, action)).verdict, token).toBe("fail");
    }
  });

  it("is unavailable, and tells the operator what to fix, for a wrong API key", async () => {
    const { verdict, logger } = await check(
      "wrong-key",
      fakeRecaptchaToken(FAKE_RECAPTCHA_SITE_KEY, "login"),
    );
    expect(verdict).toBe("unavailable");
    expect(logger.error).toHaveBeenCalledWith(expect.stringContaining("refused with 403"));
  });

  it("is unavailable when nothing answers at the origin", async () => {
    const logger = { error: vi.fn() };
    const verifier = createRecaptchaVerifier({ apiKey: "k", origin: "http://127.0.0.1:9", logger });
    const verdict = await verifier.verify({ token: "t", settings: fakeSettings, expectedAction: "login" });
    expect(verdict).toBe("unavailable");
    expect(logger.error).toHaveBeenCalledWith(
      expect.stringContaining("could not be made at http://127.0.0.1:9"),
    );
  });
});
