import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildRegistrationForm,
  fromRegistrationPayload,
  toRegistrationPayload,
} from "../../schemas/forms/registration.ts";
import { createTestApi, type TestApi } from "../../tests/api-harness.ts";
import { validatedJson } from "./validation.ts";

let t: TestApi;

beforeAll(async () => {
  t = await createTestApi();
  // A registration call of this test only: the demo store's registration form, as /zapi/account/edit uses it.
  t.api.post("/zapi/test-only/registration", async (c) => {
    const { settings, version } = c.get("deps").store.current();
    const form = buildRegistrationForm(
      { setting: settings.accountRegistrationSetting, purpose: "edit" },
      version,
    );
    const data = await validatedJson(c, form, (body) => fromRegistrationPayload(form, body));
    return c.json({ accepted: toRegistrationPayload(form, data) });
  });
});
afterAll(() => t.close());

/** Every REQUIRED field of the demo store (config/store.json), filled in correctly. */
const validBody = {
  familyName: "山田",
  givenName: "太郎",
  familyNameKana: "ヤマダ",
  givenNameKana: "タロウ",
  birthday: "19900101",
  postalCode: "1000001",
  prefecture: 13,
  address: "千代田区千代田1-1",
  customAssociatedInfo: [{ id: "favoriteGenre", value: "anime" }],
};

function post(body: unknown, headers: Record<string, string> = {}) {
  return t.api.request("/zapi/test-only/registration", {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

async function validationErrors(response: Response) {
  expect(response.status).toBe(400);
  const body = (await response.json()) as Record<string, unknown>;
  expect(body).toMatchObject({ code: "VALIDATION_ERROR", requestId: expect.any(String) });
  return body;
}

describe("validatedJson", () => {
  it("accepts a valid body and hands over the normalised values, optional ones as null", async () => {
    const response = await post({
      ...validBody,
      familyName: " 山田 ",
      postalCode: "100-0001",
      nickname: "",
      phoneNumber: null,
    });
    expect(response.status).toBe(200);
    const { accepted } = (await response.json()) as { accepted: Record<string, unknown> };
    expect(accepted).toMatchObject({
      familyName: "山田",
      postalCode: "1000001",
      nickname: null,
      phoneNumber: null,
    });
    expect(accepted.customAssociatedInfo).toEqual([
      { id: "favoriteGenre", value: "anime" },
      { id: "referralSource", value: null },
      { id: "receiveRecommendations", value: "false" },
    ]);
  });

  it("answers 400 with the message of a missing REQUIRED field", async () => {
    const { familyName: _omitted, ...body } = validBody;
    expect(await validationErrors(await post(body))).toEqual({
      code: "VALIDATION_ERROR",
      message: "入力内容に誤りがあります。各項目をご確認ください。",
      requestId: expect.any(String),
      errors: [{ field: "familyName", message: "姓を入力してください。" }],
    });
  });

  it.each([
    ["familyNameKana", "やまだ", "全角カタカナで入力してください"],
    ["phoneNumber", "090-1234", "電話番号の形式が正しくありません"],
    ["postalCode", "12345", "郵便番号の形式が正しくありません"],
    ["birthday", "19901332", "生年月日の形式が正しくありません"],
  ])("answers 400 with the spec's message for a malformed %s", async (field, value, message) => {
    const body = await validationErrors(await post({ ...validBody, [field]: value }));
    expect(body.errors).toEqual([{ field, message }]);
  });

  it("rejects a NOT_USE field instead of storing it", async () => {
    const body = await validationErrors(await post({ ...validBody, name: "山田太郎" }));
    expect(body.errors).toEqual([{ field: "name", message: "この項目は入力できません。" }]);
  });

  it("rejects a custom item the store does not define", async () => {
    const customAssociatedInfo = [...validBody.customAssociatedInfo, { id: "shoeSize", value: "27" }];
    const body = await validationErrors(await post({ ...validBody, customAssociatedInfo }));
    expect(body.errors).toEqual([{ field: "custom_shoeSize", message: "この項目は入力できません。" }]);
  });

  it("answers in the language of the lng cookie, else of Accept-Language, else Japanese", async () => {
    const { familyName: _omitted, ...body } = validBody;
    const english = await validationErrors(await post(body, { "Accept-Language": "en-GB,en;q=0.8" }));
    expect(english).toMatchObject({
      message: "Some entries are invalid. Please check each field.",
      errors: [{ field: "familyName", message: "Family name is required." }],
    });
    const cookie = await validationErrors(await post(body, { "Accept-Language": "en", Cookie: "lng=ja" }));
    expect(cookie.errors).toEqual([{ field: "familyName", message: "姓を入力してください。" }]);
    const unsupported = await validationErrors(await post(body, { "Accept-Language": "fr-FR" }));
    expect(unsupported.errors).toEqual([{ field: "familyName", message: "姓を入力してください。" }]);
  });

  it("answers 400 INVALID_JSON to a body that is not JSON", async () => {
    for (const text of ["{familyName:", ""]) {
      const response = await post(text);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        code: "INVALID_JSON",
        message: "リクエストの形式が正しくありません。",
        requestId: expect.any(String),
      });
    }
  });

  it("answers 400 to JSON that is not an object", async () => {
    const body = await validationErrors(await post([validBody]));
    expect(body.errors).toEqual([{ field: "root", message: "入力形式が正しくありません。" }]);
  });
});
