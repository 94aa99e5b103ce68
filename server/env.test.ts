import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "./env.ts";

const cwd = process.cwd();

describe("parseEnv", () => {
  it("applies the documented defaults", () => {
    const env = parseEnv({}, cwd);
    expect(env.port).toBe(3000);
    expect(env.dataDir).toBe(`${cwd}/.data`);
    expect(env.storeConfig).toBe(`${cwd}/config/store.json`);
    expect(env.databaseUrl).toBeNull();
    expect(env.smtpUrl).toBeNull();
    expect(env.zapiOrigin).toBeNull();
    expect(env.trustProxy).toBe(false);
    expect(env.recaptchaApiKey).toBeNull();
    expect(env.recaptchaEnterpriseOrigin).toBe("https://recaptchaenterprise.googleapis.com");
    expect(env.recaptchaScriptUrl).toBe("https://www.google.com/recaptcha/enterprise.js");
    expect(env.encryptionKey).toBeNull();
    expect(env.webConcurrency).toBe(1);
    expect(env.testClock).toBe(false);
    expect(env.console).toEqual({ enabled: true, allowedAddresses: null });
  });

  it("reads who may reach the console, and refuses an entry that is not an address", () => {
    expect(parseEnv({ CONSOLE_ENABLED: "false" }, cwd).console.enabled).toBe(false);
    expect(parseEnv({ CONSOLE_ALLOWED_IPS: "203.0.113.7, 198.51.100.0/24" }, cwd).console).toEqual({
      enabled: true,
      allowedAddresses: ["203.0.113.7", "198.51.100.0/24"],
    });
    expect(() => parseEnv({ CONSOLE_ALLOWED_IPS: "office" }, cwd)).toThrow(EnvError);
  });

  it("lets tests move the clock only on this machine's origin, with one process", () => {
    expect(parseEnv({ TEST_CLOCK: "1" }, cwd).testClock).toBe(true);
    expect(parseEnv({ TEST_CLOCK: "1", PUBLIC_ORIGIN: "http://127.0.0.1:3210" }, cwd).testClock).toBe(true);
    expect(() => parseEnv({ TEST_CLOCK: "1", PUBLIC_ORIGIN: "https://shop.example.jp" }, cwd)).toThrow(
      /TEST_CLOCK .* refused with PUBLIC_ORIGIN https:\/\/shop.example.jp/,
    );
    // A name that resolves here today may not tomorrow: only the loopback names themselves.
    expect(() => parseEnv({ TEST_CLOCK: "1", PUBLIC_ORIGIN: "http://localhost.example.jp" }, cwd)).toThrow(
      EnvError,
    );
    const postgres = { DATABASE_URL: "postgres://app@db.internal/storefront", WEB_CONCURRENCY: "2" };
    expect(() => parseEnv({ TEST_CLOCK: "1", ...postgres }, cwd)).toThrow(
      /TEST_CLOCK needs WEB_CONCURRENCY=1/,
    );
  });

  it("serves from several processes only on PostgreSQL (issue 40 §5)", () => {
    const url = "postgres://app@db.internal/storefront";
    expect(parseEnv({ WEB_CONCURRENCY: "4", DATABASE_URL: url }, cwd).webConcurrency).toBe(4);
    expect(() => parseEnv({ WEB_CONCURRENCY: "2" }, cwd)).toThrow(
      /WEB_CONCURRENCY is 2, which needs DATABASE_URL: the embedded database \(PGlite\) is owned by one process/,
    );
    for (const bad of ["0", "-1", "two", "1.5", "65"]) {
      expect(() => parseEnv({ WEB_CONCURRENCY: bad, DATABASE_URL: url }, cwd)).toThrow(EnvError);
    }
  });

  it("reads the reCAPTCHA origin and script URL (issue 29: tests point them at a local stand-in)", () => {
    const env = parseEnv(
      {
        RECAPTCHA_ENTERPRISE_ORIGIN: "http://127.0.0.1:3219/",
        RECAPTCHA_SCRIPT_URL: "http://127.0.0.1:3219/recaptcha/enterprise.js",
      },
      cwd,
    );
    expect(env.recaptchaEnterpriseOrigin).toBe("http://127.0.0.1:3219");
    expect(env.recaptchaScriptUrl).toBe("http://127.0.0.1:3219/recaptcha/enterprise.js");
  });

  it("reads ENCRYPTION_KEY as 32 bytes", () => {
    const key = Buffer.alloc(32, 7);
    expect(parseEnv({ ENCRYPTION_KEY: key.toString("base64") }, cwd).encryptionKey).toEqual(key);
  });

  it.each([
    ["1", true],
    ["true", true],
    ["TRUE", true],
    ["0", false],
    ["false", false],
    ["", false],
  ])("reads TRUST_PROXY=%j as %s", (value, expected) => {
    expect(parseEnv({ TRUST_PROXY: value }, cwd).trustProxy).toBe(expected);
  });

  it.each([
    [{ PORT: "abc" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ PORT: "0" }, "PORT"],
    [{ STORE_CONFIG: "no/such/store.json" }, "STORE_CONFIG"],
    [{ DATABASE_URL: "mysql://localhost/db" }, "DATABASE_URL"],
    [{ DATABASE_URL: "not a url" }, "DATABASE_URL"],
    [{ SMTP_URL: "http://mail" }, "SMTP_URL"],
    [{ ZAPI_ORIGIN: "ftp://api" }, "ZAPI_ORIGIN"],
    [{ HOST: "a b" }, "HOST"],
    [{ TRUST_PROXY: "yes" }, "TRUST_PROXY"],
    [{ ENCRYPTION_KEY: "too-short" }, "ENCRYPTION_KEY"],
    [{ RECAPTCHA_ENTERPRISE_ORIGIN: "https://recaptcha.example/v1" }, "RECAPTCHA_ENTERPRISE_ORIGIN"],
    [{ RECAPTCHA_ENTERPRISE_ORIGIN: "ftp://recaptcha.example" }, "RECAPTCHA_ENTERPRISE_ORIGIN"],
    [{ RECAPTCHA_SCRIPT_URL: "javascript:alert(1)" }, "RECAPTCHA_SCRIPT_URL"],
  ])("rejects %o naming %s", (source, variable) => {
    expect(() => parseEnv(source, cwd)).toThrow(EnvError);
    expect(() => parseEnv(source, cwd)).toThrow(`Environment variable ${variable}`);
  });

  it("accepts valid URLs and strips a trailing slash", () => {
    const env = parseEnv(
      {
        DATABASE_URL: "postgres://u:p@localhost/db",
        SMTP_URL: "smtp://localhost:2525",
        ZAPI_ORIGIN: "http://api:8080/",
      },
      cwd,
    );
    expect(env.zapiOrigin).toBe("http://api:8080");
    expect(env.databaseUrl).toBe("postgres://u:p@localhost/db");
  });
});
