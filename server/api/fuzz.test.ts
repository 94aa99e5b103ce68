/**
 * Property-based fuzzing of every API endpoint (issue 7 §8): for each route the API app registers
 * (read from the app itself, so a new endpoint is fuzzed without being named here), generated
 * requests — random JSON, bodies shaped like the request schemas with wrong types, long strings,
 * NUL / control / lone-surrogate characters, deep nesting, __proto__ keys, odd Content-Types, query
 * strings, cookies and headers — sent as a guest and as a logged-in member. Every answer must be
 * below 500; every error must be the JSON `{code, message, requestId}` body; and a refused request
 * (4xx) must leave the database as it was.
 *
 * FUZZ_SEED=<n> replays a run; FUZZ_RUNS=<n> changes the number of requests per endpoint and role.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { getTableName, is, sql } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  createTestApi,
  demoRegistrationBody,
  insertAccount,
  insertSignedInAccount,
  mailedCode,
  type SignedInAccount,
  type TestApi,
  TestBrowser,
} from "../../tests/api-harness.ts";
import * as schema from "../db/schema.ts";
import { authRates, authThrottles, sessions } from "../db/schema.ts";
import { hashToken } from "../kit/tokens.ts";
import { type ApiEndpoint, apiEndpoints, createApi } from "./app.ts";
import type { ApiDeps } from "./context.ts";

/**
 * Requests per endpoint and role: more for the calls that take a body (they have the logic), fewer
 * for the screen-data reads. About 13,000 requests in all, some 80 s on two cores. The PostgreSQL
 * run sends a sample (FUZZ_RUNS=30, vitest.config.ts).
 */
const RUNS = process.env.FUZZ_RUNS === undefined ? null : Number(process.env.FUZZ_RUNS);
const runsFor = (endpoint: ApiEndpoint) => RUNS ?? (endpoint.method === "GET" ? 50 : 150);
const SEED =
  process.env.FUZZ_SEED === undefined
    ? Date.now() ^ (Math.random() * 0x7fffffff)
    : Number(process.env.FUZZ_SEED);

/**
 * The endpoints, from an API app built only to read its routes (no request reaches it, so it needs
 * no dependencies). vitest needs the list before any test runs, to name a test per endpoint.
 */
const ENDPOINTS: ApiEndpoint[] = apiEndpoints(createApi({} as ApiDeps));

/**
 * Tables that count refusals: failed logins and their throttles, and a code's wrong guesses (five
 * void it), and the console's audit trail, which records every failed staff sign-in. A refused
 * request may legitimately write there.
 */
const REFUSAL_BOOKKEEPING = new Set([
  "auth_throttles",
  "auth_rates",
  "login_history",
  "auth_codes",
  "staff_audit",
]);
/** Answers given before any handler logic: these must leave every table untouched, bookkeeping included. */
const REFUSED_AT_THE_DOOR = new Set([
  "INVALID_JSON",
  "VALIDATION_ERROR",
  "NOT_FOUND",
  "METHOD_NOT_ALLOWED",
  "UNSUPPORTED_MEDIA_TYPE",
  "PAYLOAD_TOO_LARGE",
  "CROSS_SITE_REQUEST",
]);

// --- what the generated requests are made of ---------------------------------------------------

/**
 * Property names and enum/const values of the request and entity schemas (schemas/**.schema.json,
 * the store settings' own schema aside): bodies built from them get past "unknown field" checks
 * and reach the type and format checks behind them.
 */
function schemaVocabulary(): { names: string[]; values: string[] } {
  const names = new Set<string>();
  const values = new Set<string>();
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const element of node) walk(element);
      return;
    }
    if (typeof node !== "object" || node === null) return;
    const record = node as Record<string, unknown>;
    if (typeof record.properties === "object" && record.properties !== null) {
      for (const name of Object.keys(record.properties)) names.add(name);
    }
    for (const value of [record.const, ...(Array.isArray(record.enum) ? record.enum : [])]) {
      if (typeof value === "string") values.add(value);
    }
    for (const member of Object.values(record)) walk(member);
  };
  const root = resolve(import.meta.dirname, "../../schemas");
  for (const file of readdirSync(root, { recursive: true, encoding: "utf8" })) {
    if (file.endsWith(".schema.json") && !file.includes("store-settings")) {
      walk(JSON.parse(readFileSync(join(root, file), "utf8")));
    }
  }
  return { names: [...names].sort(), values: [...values].sort() };
}

const vocabulary = schemaVocabulary();

/** Values a field of the API might accept, so that some bodies are valid or nearly so. */
const plausibleString = fc.constantFrom(
  "taro@example.jp",
  "taro+tag@example.jp",
  "taro",
  "Passw0rdA",
  "123456",
  "1000001",
  "100-0001",
  "19900101",
  "山田",
  "ヤマダ",
  "/mypage",
  "",
  ...vocabulary.values,
);

/** Characters that broke something somewhere once: NUL (most of all) and other controls, halves of pairs, look-alikes. */
const nastyChar = fc.oneof(
  { weight: 1, arbitrary: fc.constant("\u0000") },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      "\u0001",
      "\u0008",
      "\t",
      "\n",
      "\r",
      "\u001f",
      "\u007f",
      "\u0085",
      "\u00a0",
      "\u200b",
      "\u200e",
      "\u202e",
      "\u2028",
      "\u3000",
      "\ufeff",
      "\ufffd",
      "\ud800",
      "\udfff",
      "😀",
      "𠮷",
      "%",
      "%00",
      "\\",
      '"',
      "'",
      "<",
      "${",
      "{{",
      "../",
    ),
  },
);

/** Values of the wrong type where a schema expects something else: what the [null] of issue 7 was. */
const wrongType = fc.constantFrom<unknown>(null, [], {}, [null], [[]], [{}], "", 0, true, [1], ["x"]);

const nastyString = fc.oneof(
  fc.string(),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc
    .array(fc.oneof(nastyChar, fc.string({ maxLength: 3 })), { maxLength: 12 })
    .map((parts) => parts.join("")),
  fc.tuple(plausibleString, nastyChar).map(([value, char]) => value + char),
  fc.tuple(nastyChar, plausibleString).map(([char, value]) => char + value),
  fc.integer({ min: 255, max: 5000 }).map((length) => "a".repeat(length)),
  fc.integer({ min: 100, max: 2000 }).map((length) => "あ".repeat(length)),
);

const scalar = fc.oneof(
  plausibleString,
  nastyString,
  fc.constantFrom(null, true, false, 0, -1, 1, 1.5, 1e308, -0, Number.MAX_SAFE_INTEGER + 2),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** Keys that poison an object built carelessly from user input. */
const pollutingKey = fc.constantFrom("__proto__", "constructor", "prototype", "toString", "hasOwnProperty");
const key = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...vocabulary.names) },
  { weight: 2, arbitrary: pollutingKey },
  { weight: 1, arbitrary: nastyString },
);

const { value: nestedValue } = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    scalar,
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(key, tie("value"), { maxKeys: 4 }),
  ),
}));

/** A value `levels` arrays or objects deep, around the API's depth limit (MAX_BODY_DEPTH). */
const deeplyNested = fc
  .tuple(fc.integer({ min: 10, max: 80 }), fc.boolean(), scalar)
  .map(([levels, asObjects, leaf]) => {
    let value: unknown = leaf;
    for (let level = 0; level < levels; level++) value = asObjects ? { a: value } : [value];
    return value;
  });

/** JSON text far deeper than anything would stringify: tens of thousands of levels. */
const deeplyNestedText = fc
  .tuple(fc.integer({ min: 1000, max: 50_000 }), fc.boolean())
  .map(([levels, asObjects]) =>
    asObjects
      ? `${'{"a":'.repeat(levels)}1${"}".repeat(levels)}`
      : `{"email":${"[".repeat(levels)}${"]".repeat(levels)}}`,
  );

/** Objects keyed like the request schemas, with any kind of value. */
const schemaShaped = fc.dictionary(key, fc.oneof(scalar, nestedValue, deeplyNested), {
  minKeys: 1,
  maxKeys: 8,
});

/** The text of a body: mostly JSON, some of it broken or not JSON at all. */
const bodyText = fc.oneof(
  { weight: 5, arbitrary: schemaShaped.map((value) => JSON.stringify(value)) },
  { weight: 2, arbitrary: fc.jsonValue().map((value) => JSON.stringify(value)) },
  { weight: 1, arbitrary: fc.oneof(deeplyNested, scalar).map((value) => JSON.stringify(value) ?? "null") },
  {
    weight: 1,
    arbitrary: fc.oneof(
      fc.string(),
      nastyString,
      schemaShaped.map((value) => JSON.stringify(value).slice(0, -1)),
      deeplyNestedText,
      fc.constantFrom(
        "",
        "{",
        "[",
        "NaN",
        "undefined",
        '{"__proto__":{"polluted":true}}',
        '{"constructor":{"prototype":{"polluted":true}}}',
        '{"email":"a","email":"b"}',
        `{"x":"${"y".repeat(300 * 1024)}"}`,
      ),
    ),
  },
);

const contentType = fc.oneof(
  { weight: 30, arbitrary: fc.constant("application/json") },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      "application/json; charset=utf-8",
      "APPLICATION/JSON",
      "text/plain",
      "text/plain;charset=UTF-8",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=x",
      "application/json-patch+json",
      "application/jsonx",
      ";",
      "",
    ),
  },
  { weight: 1, arbitrary: fc.constant(undefined) },
);

/** A header value as Fetch allows it: Latin-1, no NUL, CR or LF. */
const headerValue = fc.oneof(
  plausibleString.filter((value) => /^[\x20-\x7e]*$/.test(value)),
  fc
    .array(
      fc.integer({ min: 0x20, max: 0xff }).filter((code) => code !== 0x7f),
      { maxLength: 60 },
    )
    .map((codes) => String.fromCharCode(...codes)),
  fc.integer({ min: 1000, max: 8000 }).map((length) => "x".repeat(length)),
);

const cookieName = fc.constantFrom("sid", "auid", "latid", "sgid", "lcid", "lng", "__proto__", "x");
const cookies = fc.array(
  fc.tuple(cookieName, fc.oneof(headerValue, fc.constantFrom("en", "ja", "%00", "%E0%A4%A", "\u00ff"))),
  { maxLength: 4 },
);

/** `arbitrary` about once in `outOf` requests, else absent. */
function rarely<T>(arbitrary: fc.Arbitrary<T>, outOf: number): fc.Arbitrary<T | undefined> {
  return fc.oneof({ weight: outOf - 1, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary });
}

/** Headers that decide how far a request gets (Origin, Content-Length) are sent odd only now and then. */
const headers = fc.record({
  "accept-language": rarely(
    fc.oneof(fc.constantFrom("en", "ja", "en-US,en;q=0.9", "*", "zz", ";q=x"), headerValue),
    3,
  ),
  origin: rarely(
    fc.oneof(fc.constantFrom("http://localhost", "null", "https://evil.example"), headerValue),
    12,
  ),
  "sec-fetch-site": rarely(fc.constantFrom("same-origin", "same-site", "cross-site", "none"), 12),
  "user-agent": rarely(headerValue, 3),
  "x-forwarded-for": rarely(
    fc.oneof(fc.constantFrom("203.0.113.9", "::1", "1.2.3.4, 5.6.7.8"), headerValue),
    4,
  ),
  "x-request-id": rarely(headerValue, 4),
  "content-length": rarely(fc.constantFrom("abc", "-1", "0", "99999999999"), 20),
  accept: rarely(headerValue, 4),
});

const query = fc.oneof(
  fc.constant(""),
  fc
    .array(fc.tuple(fc.oneof(key, fc.constant("token")), fc.oneof(plausibleString, nastyString)), {
      maxLength: 4,
    })
    .map((pairs) => `?${new URLSearchParams(pairs).toString()}`),
  fc.constantFrom("?token=%00", "?token=%E0%A4%A", "?%zz=1", "?__proto__[x]=1", "?token=a&token=b", "?"),
);

/** A path parameter's value, URL-encoded as a browser would, or raw percent-escapes. */
const pathParameter = fc.oneof(
  plausibleString.map(encodeURIComponent),
  nastyString.map((value) => {
    try {
      return encodeURIComponent(value);
    } catch {
      // A lone surrogate cannot be encoded: send it as raw, invalid UTF-8 escapes instead.
      return "%ED%A0%80";
    }
  }),
  fc.constantFrom("%00", "%E0%A4%A", "%", "..", "%2e%2e", "%2F"),
);

/**
 * A valid body per endpoint (for the demo store), the seed that mutations start from: random bodies
 * rarely get past validation, mutated valid ones reach the code behind it. "$RESET_TOKEN" is replaced
 * by a live reset token when sent. An endpoint without an example is fuzzed with random bodies only
 * (the test "has an example body for every endpoint that takes one" says which).
 */
const CONSENT = [
  { policyId: "terms", revision: 2, key: "terms" },
  { policyId: "privacy", revision: 1, key: "privacy" },
];
/** A passkey sign-in's body, the browser's assertion (its signature is not checked until it is valid). */
const PASSKEY_ASSERTION = {
  credential: {
    id: "AAECAwQFBgcICQoLDA0ODw",
    rawId: "AAECAwQFBgcICQoLDA0ODw",
    type: "public-key",
    response: { clientDataJSON: "e30", authenticatorData: "AAAA", signature: "AAAA", userHandle: "YWNj" },
    clientExtensionResults: {},
  },
};

const EXAMPLES: Record<string, Record<string, unknown>[]> = {
  "POST /zapi/login": [
    { emailUserId: "taro@example.jp", password: "Passw0rdA", loginMethod: "Password" },
    { emailUserId: "taro", password: "Passw0rdA", loginMethod: "Password" },
    { emailUserId: "taro@example.jp", authCode: "123456", loginMethod: "AuthCode" },
  ],
  "POST /zapi/login/code": [{ email: "taro@example.jp" }],
  "POST /zapi/login/multi-factor/:type": [{ value: "123456" }, { value: "abcd2345", isPreferred: true }],
  "POST /zapi/login/multi-factor/sms/send-code": [{}],
  // The login provider's login: the same calls under /zapi/oidc.
  "POST /zapi/oidc/login": [
    { emailUserId: "taro@example.jp", password: "Passw0rdA", loginMethod: "Password" },
    { emailUserId: "taro@example.jp", authCode: "123456", loginMethod: "AuthCode" },
  ],
  "POST /zapi/oidc/login/code": [{ email: "taro@example.jp" }],
  "POST /zapi/oidc/login/multi-factor/:type": [{ value: "123456" }],
  "POST /zapi/oidc/revoke/grant/:grantId": [{}],
  "POST /zapi/oidc/login/multi-factor/sms/send-code": [{}],
  "POST /zapi/account/enable-multi-factor": [
    { multiFactorType: "Email" },
    { multiFactorType: "OTP", token: "123456" },
    { multiFactorType: "SMS" },
    { multiFactorType: "SMS", token: "123456" },
  ],
  "POST /zapi/account/enable-multi-factor/with-backup-code": [{ backupCodeList: ["abcd2345"] }],
  "POST /zapi/account/backup-code-regenerate": [{ backupCodeList: ["abcd2345"] }],
  "POST /zapi/account/disable-multi-factor": [{ multiFactorType: "OTP" }],
  "POST /zapi/logout": [{}],
  "POST /zapi/auth/password/forgot": [{ email: "taro@example.jp" }],
  "POST /zapi/auth/social/authorize": [{ userIdentifierType: "Google", socialActionType: "login" }],
  "POST /zapi/auth/social/callback": [{ search: "?code=abc&state=xyz" }],
  "POST /zapi/auth/social/disable": [{ userIdentifierType: "Google", userIdentifierMethod: "ExternalAuth" }],
  "POST /zapi/auth/password/reset": [
    { token: "$RESET_TOKEN", password: "Passw0rdB", passwordConfirm: "Passw0rdB" },
  ],
  "POST /zapi/signup/email": [{ type: "signUp", email: "hanako@example.jp", policyConsentData: CONSENT }],
  "POST /zapi/oidc/signup/email": [
    { type: "signUp", email: "hanako@example.jp", policyConsentData: CONSENT },
  ],
  "POST /zapi/signup/pin-code": [{ pinCode: "123456" }],
  "POST /zapi/signup": [{ ...demoRegistrationBody(), policyConsentData: CONSENT }],
  "POST /zapi/signup/policy": [{ policyConsentData: CONSENT }],
  "POST /zapi/account/user-id/verify": [{ userId: "hanako" }],
  "POST /zapi/account/email/send-pin-code": [{ type: "signUp" }, { type: "login", email: "taro@example.jp" }],
  "POST /zapi/account/edit": [
    {
      optionalInfo: (({ password, passwordConfirm, ...info }) => info)(demoRegistrationBody()),
    },
  ],
  "POST /zapi/account/email/edit/send-pin-code": [{ type: "mailEdit", email: "hanako.new@example.jp" }],
  "POST /zapi/account/email/edit": [{ pinCode: "123456" }],
  "POST /zapi/account/email/verify": [{ pinCode: "123456" }],
  "POST /zapi/account/enable-password": [
    { pinCode: "123456", password: "Passw0rdB", passwordConfirm: "Passw0rdB" },
  ],
  "POST /zapi/account/user-id/edit": [{ userId: "hanako2026", password: "Passw0rdA" }],
  "POST /zapi/account/withdraw/confirm": [
    { question_reason: ["price"], question_satisfaction: "3", question_comment: "", consent: true },
  ],
  "DELETE /zapi/account/withdraw": [{ pinCode: "123456" }],
  "POST /zapi/account/pinCode/set": [{ pinCode: "1234" }],
  "POST /zapi/account/profile-image": [{ profileImage: null }],
  "POST /zapi/account/consent": [{ consentOptionId: "weekly-picks", key: "weeklyPicks", value: false }],
  "POST /zapi/account/password/edit": [{ oldPassword: "Passw0rdA", newPassword: "Passw0rdB" }],
  "POST /zapi/account/reauthenticate": [{ password: "Passw0rdA" }, { pinCode: "123456" }],
  "POST /zapi/account/reauthenticate/send-code": [{}],
  "POST /zapi/account/passkeys/registration-options": [{}],
  "POST /zapi/account/passkeys": [
    {
      credential: {
        id: "AAECAwQFBgcICQoLDA0ODw",
        rawId: "AAECAwQFBgcICQoLDA0ODw",
        type: "public-key",
        response: { clientDataJSON: "e30", attestationObject: "oA", transports: ["internal"] },
        clientExtensionResults: {},
      },
    },
  ],
  "POST /zapi/account/passkeys/:passkeyId/rename": [{ name: "仕事用の iPhone" }],
  "POST /zapi/account/passkeys/:passkeyId/delete": [{}],
  "POST /zapi/account/devices/:deviceId/logout": [{}],
  "POST /zapi/account/devices/logout-others": [{}],
  "POST /zapi/login/passkey/options": [{}],
  "POST /zapi/login/passkey": [PASSKEY_ASSERTION],
  "POST /zapi/oidc/login/passkey/options": [{}],
  "POST /zapi/oidc/login/passkey": [PASSKEY_ASSERTION],
  "POST /zapi/auth/email/recover": [{ token: "made-up-recovery-token" }],
  "POST /zapi/account/payment-method/credit": [
    { token: "made-up-token", tokenKey: "made-up-key" },
    { token: "made-up-token", tokenKey: "made-up-key", tds2infoToken: "t", tds2infoTokenKey: "k" },
  ],
  "POST /zapi/account/payment-method/link": [{ paymentMethodType: "SbpsDocomo" }],
  "POST /zapi/purchase/verify/:planId": [
    { paymentMethodId: null, campaignCode: "GIFT2026" },
    { paymentMethodId: "00000000-0000-4000-8000-000000000000", campaignCode: "MOVIE300", survey: [] },
  ],
  "POST /zapi/purchase/form/:planId": [{ paymentMethodId: null, campaignCode: "GIFT2026" }],
  "POST /zapi/purchase/:planId": [
    {
      purchaseToken: "Zm9vYmFyZm9vYmFyZm9vYmFyZm9vYmFyZm9vYmFyZm9v",
      tds2infoToken: "t",
      tds2infoTokenKey: "k",
      place: "signup",
    },
  ],
  "POST /zapi/purchase/return/:planId": [{ state: "made-up-state" }],
  "POST /zapi/account/payment-method/return": [{ state: "made-up-state" }],
  "DELETE /zapi/account/payment-method/:accountPaymentMethodId": [{}],
  "POST /zapi/account/invoice/:earningsId": [
    { specifyAddressee: true, addressee: "株式会社テスト", honorific: "group" },
    { specifyAddressee: false },
  ],
  "POST /api/streaks/playback/fetch": [{ refId: "sample-trailer-001" }],
  "POST /zapi/subscription/:subscriptionId/re-settlement": [{}],
  "POST /zapi/subscription/:subscriptionId/change-payment-method": [
    { paymentMethodId: "00000000-0000-4000-8000-000000000000" },
  ],
  "POST /zapi/subscription/:subscriptionId/withdraw": [
    {},
    { survey: [{ questionId: "reason", answer: "price" }] },
  ],
  "POST /zapi/subscription/:subscriptionId/withdraw/cancel": [{}],
  "POST /zapi/subscription/:subscriptionId/plan-change/cancel": [{}],
  "POST /zapi/console/setup": [
    { token: "a".repeat(43), password: "correct horse battery staple", code: "123456" },
  ],
  "POST /zapi/console/sign-in": [
    { email: "ops@example.jp", password: "correct horse battery staple", code: "123456" },
  ],
  "POST /zapi/console/sign-out": [{}],
  "POST /zapi/console/staff": [{ email: "help@example.jp", role: "support" }],
  "POST /zapi/console/staff/:staffId/role": [{ role: "finance" }],
  "POST /zapi/console/staff/:staffId/remove": [{}],
  "POST /zapi/console/settings/:kind/publish": [{ note: "カナ氏名を必須に" }],
  "POST /zapi/console/settings/:kind/discard": [{}],
  "POST /zapi/console/settings/:kind/:section": [
    { nameKana: "REQUIRED", customAssociatedInfo: [{ id: "a", title: "A", type: "TEXT", rule: "OPTIONAL" }] },
    { serviceName: "ソラミル", theme: "light" },
  ],
  "POST /zapi/console/versions/:kind/:number/rollback": [{ note: "元に戻す" }],
  "POST /zapi/console/members/:publicId/end-sessions": [{ reason: "端末の紛失" }],
  "POST /zapi/console/members/:publicId/remove-second-factors": [{ reason: "生年月日で本人確認" }],
  "POST /zapi/console/members/:publicId/subscriptions/:contractId/cancel": [
    { when: "periodEnd", reason: "お電話でご依頼" },
    { when: "now", refund: true, reason: "日割り返金" },
  ],
  "POST /zapi/console/members/:publicId/subscriptions/:contractId/free-days": [
    { days: 14, reason: "障害のお詫び" },
  ],
  "POST /zapi/console/members/:publicId/resend-verification": [{ reason: "届いていない" }],
  "POST /zapi/console/members/:publicId/lift-throttles": [{ reason: "ご本人から" }],
  "POST /zapi/console/throttles/lift": [{ address: "203.0.113.5", reason: "社内から" }],
  "POST /zapi/console/members/:publicId/refunds": [
    {
      chargeId: "00000000-0000-4000-8000-000000000000",
      amount: 500,
      reason: "二重請求",
      idempotencyKey: "fuzz-key-0123456789",
    },
  ],
  "POST /zapi/console/assets": [
    {
      data: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGD4DwABBAEAwS2OUAAAAABJRU5ErkJggg==",
    },
  ],
};

type Path = (string | number)[];

/** Every place in a value: each member and element, at any depth. */
function pathsOf(value: unknown, prefix: Path = []): Path[] {
  if (typeof value !== "object" || value === null) return [];
  const entries: [string | number, unknown][] = Array.isArray(value)
    ? value.map((element, index) => [index, element])
    : Object.entries(value);
  return entries.flatMap(([name, member]) => [[...prefix, name], ...pathsOf(member, [...prefix, name])]);
}

type Mutation =
  | { kind: "replace"; path: Path; value: unknown }
  | { kind: "taint"; path: Path; char: string; atStart: boolean }
  | { kind: "drop"; path: Path }
  | { kind: "add"; path: Path; key: string; value: unknown };

/** Applies a mutation in place; one whose place an earlier mutation removed does nothing. */
/**
 * Removes an array's element in place without splice or filter: a mutation may have given the
 * array an own `constructor` member, which those read to make their result (and then throw).
 */
function removeAt(array: unknown[], index: number): void {
  if (!Number.isInteger(index) || index < 0 || index >= array.length) return;
  for (let i = index; i < array.length - 1; i++) array[i] = array[i + 1];
  array.length -= 1;
}

function applyMutation(body: Record<string, unknown>, change: Mutation): void {
  const path = change.kind === "add" ? [...change.path, change.key] : change.path;
  let parent: unknown = body;
  for (const step of path.slice(0, -1)) {
    parent =
      typeof parent === "object" && parent !== null ? (parent as Record<string, unknown>)[step] : undefined;
  }
  if (typeof parent !== "object" || parent === null) return;
  const container = parent as Record<string | number, unknown>;
  const last = path.at(-1) as string | number;
  if (change.kind === "drop") {
    if (Array.isArray(container)) removeAt(container, Number(last));
    else delete container[last];
    return;
  }
  let value: unknown;
  if (change.kind === "taint") {
    const current = container[last];
    const text = typeof current === "string" ? current : JSON.stringify(current ?? "");
    value = change.atStart ? change.char + text : text + change.char;
  } else {
    // A copy: fast-check may hand two mutations the same object, and adding it inside itself would
    // make a circle that JSON cannot write (a failure of the test, not of the API).
    const json = JSON.stringify(change.value);
    value = json === undefined ? undefined : JSON.parse(json);
  }
  // As JSON.parse would make it: an own property, even one named __proto__.
  Object.defineProperty(container, last, { value, enumerable: true, writable: true, configurable: true });
}

/** A valid body changed in one to three places, at any depth: a value of the wrong type, a nasty character, a member dropped or added. */
function mutatedExample(example: Record<string, unknown>): fc.Arbitrary<string> {
  const paths = pathsOf(example);
  const someValue = fc.oneof(
    { weight: 3, arbitrary: wrongType },
    { weight: 2, arbitrary: scalar },
    { weight: 1, arbitrary: nestedValue },
    { weight: 1, arbitrary: deeplyNested },
  );
  const added = fc.record({
    kind: fc.constant("add" as const),
    path: fc.constantFrom<Path>([], ...paths),
    key,
    value: someValue,
  });
  const mutation: fc.Arbitrary<Mutation> =
    paths.length === 0
      ? added
      : fc.oneof(
          {
            weight: 2,
            arbitrary: fc.record({
              kind: fc.constant("replace" as const),
              path: fc.constantFrom(...paths),
              value: someValue,
            }),
          },
          {
            weight: 2,
            arbitrary: fc.record({
              kind: fc.constant("taint" as const),
              path: fc.constantFrom(...paths),
              char: nastyChar,
              atStart: fc.boolean(),
            }),
          },
          {
            weight: 1,
            arbitrary: fc.record({ kind: fc.constant("drop" as const), path: fc.constantFrom(...paths) }),
          },
          { weight: 1, arbitrary: added },
        );
  return fc.array(mutation, { minLength: 1, maxLength: 3 }).map((mutations) => {
    const body: Record<string, unknown> = structuredClone(example);
    for (const change of mutations) applyMutation(body, change);
    return JSON.stringify(body);
  });
}

interface FuzzRequest {
  method: string;
  parameters: string[];
  query: string;
  headers: Record<string, string | undefined>;
  cookies: [string, string][];
  contentType: string | undefined;
  body: string | undefined;
}

function requestFor(endpoint: ApiEndpoint): fc.Arbitrary<FuzzRequest> {
  const examples = EXAMPLES[`${endpoint.method} ${endpoint.path}`] ?? [];
  const body =
    examples.length === 0
      ? bodyText
      : fc.oneof(
          { weight: 3, arbitrary: fc.oneof(...examples.map(mutatedExample)) },
          { weight: 1, arbitrary: bodyText },
        );
  const parameterCount = endpoint.path.split("/").filter((segment) => segment.startsWith(":")).length;
  return fc.record({
    // Mostly the endpoint's own method; sometimes another, for the 405 answer.
    method: fc.oneof(
      { weight: 9, arbitrary: fc.constant(endpoint.method) },
      { weight: 1, arbitrary: fc.constantFrom("GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS") },
    ),
    parameters: fc.array(pathParameter, { minLength: parameterCount, maxLength: parameterCount }),
    query,
    headers,
    cookies,
    contentType,
    body: fc.option(body, { nil: undefined, freq: 12 }),
  });
}

// --- the harness -------------------------------------------------------------------------------

let t: TestApi;
let member: SignedInAccount;
/** A guest in the middle of things: a sign-up with its address proved (sgid), a login by code (lcid). */
let guestCookies: string[] = [];
/** A live password-reset token for taro, put where an example says "$RESET_TOKEN". */
let resetToken = "";
let guestRequests = 0;
let sent = 0;
let serverErrors = 0;
/** How often each status and error code was answered, for the summary line. */
const answers = new Map<string, number>();

/**
 * Starts the guest's flows afresh (fuzzed requests finish or void them): a sign-up to the
 * registration form, a login code for taro, a reset link for taro.
 */
async function startGuestFlows(): Promise<void> {
  const browser = new TestBrowser(t, { clientAddress: "198.51.100.8" });
  const address = `guest-${guestRequests}@example.jp`;
  const email = await browser.post("/zapi/signup/email", {
    type: "signUp",
    email: address,
    policyConsentData: CONSENT,
  });
  expect(email.status).toBe(200);
  const pin = await browser.post("/zapi/signup/pin-code", { pinCode: mailedCode(t.outbox, address) });
  expect(pin.status).toBe(200);
  expect((await browser.post("/zapi/login/code", { email: "taro@example.jp" })).status).toBe(200);
  expect((await browser.post("/zapi/auth/password/forgot", { email: "taro@example.jp" })).status).toBe(200);
  await vi.waitFor(() => expect(t.outbox.latestMailTo("taro@example.jp")?.text).toContain("token="));
  resetToken = /token=([\w-]+)/.exec(t.outbox.latestMailTo("taro@example.jp")?.text ?? "")?.[1] ?? "";
  guestCookies = [...browser.cookies].map(([name, value]) => `${name}=${value}`);
}

/** Every table of the schema, read from it so a new table is watched too. */
const TABLES = (Object.values(schema) as unknown[])
  .filter((value): value is PgTable => is(value, PgTable))
  .map((table) => getTableName(table));

/**
 * Keeps, per table, its net row count (inserts less deletes) and its number of updated rows,
 * through triggers added to this test's database only: a refused request must move neither. (Cheaper
 * than reading the tables, which grow as valid requests pile up. A row inserted and deleted again
 * within the request, such as a flow dropped when its mail was refused, leaves no trace; an UPDATE
 * that changes nothing is not counted.)
 */
async function watchWrites(): Promise<void> {
  const statements = [
    "CREATE TABLE fuzz_writes (name text PRIMARY KEY, net bigint NOT NULL, updates bigint NOT NULL)",
    `CREATE FUNCTION fuzz_count_write() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        net bigint := CASE TG_OP WHEN 'INSERT' THEN 1 WHEN 'DELETE' THEN -1 ELSE 0 END;
        updates bigint := CASE TG_OP WHEN 'UPDATE' THEN 1 ELSE 0 END;
      BEGIN
        INSERT INTO fuzz_writes VALUES (TG_TABLE_NAME, net, updates) ON CONFLICT (name)
          DO UPDATE SET net = fuzz_writes.net + excluded.net, updates = fuzz_writes.updates + excluded.updates;
        RETURN NULL;
      END $$`,
    ...TABLES.flatMap((name) => [
      `CREATE TRIGGER fuzz_insert_delete AFTER INSERT OR DELETE ON "${name}" FOR EACH ROW EXECUTE FUNCTION fuzz_count_write()`,
      `CREATE TRIGGER fuzz_update AFTER UPDATE ON "${name}" FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION fuzz_count_write()`,
    ]),
  ];
  for (const statement of statements) await t.db.execute(sql.raw(statement));
}

/** Each table's net row count and updated rows so far. */
async function databaseState(): Promise<Map<string, string>> {
  const query = "SELECT name, net || '/' || updates AS state FROM fuzz_writes";
  const result = (await t.db.execute(sql.raw(query))) as unknown as {
    rows: { name: string; state: string }[];
  };
  return new Map(result.rows.map((row) => [row.name, row.state]));
}

function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  return TABLES.filter((name) => before.get(name) !== after.get(name));
}

/** A member whose session is still there: a fuzzed /logout (or account change) may end it. */
async function ensureMember(): Promise<void> {
  const [session] = await t.db
    .select({ accountId: sessions.accountId })
    .from(sessions)
    .where(sql`${sessions.tokenHash} = ${hashToken(member.sessionToken)}`);
  if (session) return;
  member = await insertSignedInAccount(t);
  // Let the session slide now, so the fuzzed requests do not (the clock stands still).
  await t.api.request("/zapi/internal/account-header/screen-data", { headers: { cookie: member.cookie } });
}

async function send(endpoint: ApiEndpoint, request: FuzzRequest, asMember: boolean): Promise<void> {
  // Counters of earlier refusals would soon turn every answer into 429; start each request afresh.
  await t.db.delete(authThrottles);
  await t.db.delete(authRates);
  if (asMember) await ensureMember();
  else if (guestRequests++ % 20 === 0) await startGuestFlows();

  let path = endpoint.path;
  for (const parameter of request.parameters) path = path.replace(/:[^/]+/, parameter);
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers))
    if (value !== undefined) headers.set(name, value);
  const cookiePairs = request.cookies.map(([name, value]) => `${name}=${value}`);
  cookiePairs.push(...(asMember ? [member.cookie] : guestCookies));
  if (cookiePairs.length > 0) headers.set("cookie", cookiePairs.join("; "));
  const hasBody = request.body !== undefined && request.method !== "GET" && request.method !== "HEAD";
  if (hasBody && request.contentType !== undefined) headers.set("content-type", request.contentType);
  if (!hasBody) headers.delete("content-length");

  const before = await databaseState();
  const response = await t.api.request(
    `${path}${request.query}`,
    {
      method: request.method,
      headers,
      // A Blob body: no Content-Type of its own, so "no Content-Type" is really none.
      body: hasBody ? new Blob([(request.body ?? "").replaceAll("$RESET_TOKEN", resetToken)]) : undefined,
    },
    { clientAddress: "198.51.100.7" },
  );
  sent += 1;
  const text = await response.text();
  const code = response.status >= 400 ? (/"code":"([^"]*)"/.exec(text)?.[1] ?? "?") : "";
  const answer = `${response.status}${code ? ` ${code}` : ""}`;
  answers.set(answer, (answers.get(answer) ?? 0) + 1);
  const what = `${request.method} ${path}${request.query} ${(request.body ?? "").slice(0, 200)} → ${response.status} ${text.slice(0, 300)}`;
  if (response.status >= 500) serverErrors += 1;
  expect(response.status, what).toBeLessThan(500);
  if (response.status < 400) return;

  expect(response.headers.get("content-type"), what).toMatch(/^application\/json/);
  const body = JSON.parse(text) as Record<string, unknown>;
  expect(typeof body.code === "string" && body.code.length > 0, what).toBe(true);
  expect(typeof body.message === "string" && body.message.length > 0, what).toBe(true);
  expect(typeof body.requestId === "string" && body.requestId.length > 0, what).toBe(true);

  const changed = changedTables(before, await databaseState());
  const allowed = REFUSED_AT_THE_DOOR.has(String(body.code)) ? [] : [...REFUSAL_BOOKKEEPING];
  expect(
    changed.filter((name) => !allowed.includes(name)),
    `a refused request changed the database: ${what}`,
  ).toEqual([]);
}

beforeAll(async () => {
  t = await createTestApi();
  await watchWrites();
  // The account the example logins, codes and resets name.
  await insertAccount(t, { email: "taro@example.jp", userId: "taro" });
  member = await insertSignedInAccount(t, { expiresAt: new Date("2099-01-01T00:00:00Z") });
  await t.api.request("/zapi/internal/account-header/screen-data", { headers: { cookie: member.cookie } });
  // A 500 logs its error; the assertions above report it, the log would only bury the report.
  vi.spyOn(console, "error").mockImplementation(() => {});
});

afterAll(async () => {
  vi.restoreAllMocks();
  console.info(
    `[fuzz] seed ${SEED}: ${sent} requests to ${ENDPOINTS.length} endpoints, ${serverErrors} answered 5xx`,
  );
  const summary = [...answers].sort(([, a], [, b]) => b - a).map(([answer, n]) => `${answer}: ${n}`);
  console.info(`[fuzz] answers: ${summary.join(", ")}`);
  await t?.close();
});

describe("fuzzing every endpoint: no 5xx, JSON errors, no state change when refused", () => {
  it("finds the endpoints in the app", () => {
    expect(ENDPOINTS.length).toBeGreaterThan(10);
    expect(ENDPOINTS).toContainEqual({ method: "POST", path: "/zapi/login" });
    expect(ENDPOINTS).toContainEqual({ method: "GET", path: "/zapi/postal-code/:postalCode" });
  });

  it("has an example body for every endpoint that takes one, and none for an endpoint that is gone", () => {
    const names = ENDPOINTS.map(({ method, path }) => `${method} ${path}`);
    const withBodies = names.filter((name) => !name.startsWith("GET "));
    // A new endpoint is fuzzed with random bodies anyway; an example lets the fuzzing get past validation.
    expect(
      withBodies.filter((name) => !(name in EXAMPLES)),
      "add these to EXAMPLES",
    ).toEqual([]);
    expect(Object.keys(EXAMPLES).filter((name) => !names.includes(name))).toEqual([]);
  });

  describe.each(ENDPOINTS.map((endpoint) => [`${endpoint.method} ${endpoint.path}`, endpoint] as const))(
    "%s",
    (_, endpoint) => {
      it.each([
        ["as a guest", false],
        ["as a member", true],
      ])("%s", { timeout: 120_000 }, async (_, asMember) => {
        try {
          await fc.assert(
            fc.asyncProperty(requestFor(endpoint), (request) => send(endpoint, request, asMember)),
            { numRuns: runsFor(endpoint), seed: SEED },
          );
        } catch (error) {
          console.info(`[fuzz] failed with FUZZ_SEED=${SEED}`);
          throw error;
        }
      });
    },
  );
});
