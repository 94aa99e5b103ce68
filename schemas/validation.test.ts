import { describe, expect, it, vi } from "vitest";
import type { FormDefinition } from "./form-definition.ts";
import { composeForm } from "./forms/compose.ts";
import policySchema from "./policy.schema.json" with { type: "json" };
import {
  emailField,
  newPasswordField,
  passwordConfirmationField,
  postalCodeField,
  textField,
} from "./rules.ts";
import { errorsOf, translators } from "./test-helpers.ts";
import { createAjv, createFormValidator, FormValidatorCache, validateFormData } from "./validation.ts";
import { createErrorTransformer } from "./validation-messages.ts";

function nicknameForm(version: string, maxLength = 30): FormDefinition {
  return {
    ...composeForm({
      id: "cache-test",
      fields: [{ name: "nickname", spec: textField("field.nickname", maxLength), required: true }],
    }),
    version,
  };
}

describe("FormValidatorCache", () => {
  it("compiles a form once per version and again when the version changes", () => {
    const ajv = createAjv();
    const compile = vi.spyOn(ajv, "compile");
    const removeSchema = vi.spyOn(ajv, "removeSchema");
    const cache = new FormValidatorCache(ajv);

    const v1 = nicknameForm("v1");
    expect(errorsOf(v1, { nickname: "たろう" }, "ja", cache)).toEqual([]);
    expect(errorsOf(nicknameForm("v1"), { nickname: "じろう" }, "ja", cache)).toEqual([]);
    expect(compile).toHaveBeenCalledTimes(1);

    // New settings shorten the nickname: the next request gets a validator of the new schema.
    const v2 = nicknameForm("v2", 2);
    expect(errorsOf(v2, { nickname: "たろう" }, "ja", cache)).toEqual([
      { field: "nickname", message: "ニックネームは2文字以内で入力してください。" },
    ]);
    expect(compile).toHaveBeenCalledTimes(2);
    expect(removeSchema).toHaveBeenCalledWith(v1.schema);
  });

  it("keeps forms of different ids apart", () => {
    const ajv = createAjv();
    const compile = vi.spyOn(ajv, "compile");
    const cache = new FormValidatorCache(ajv);
    const other: FormDefinition = { ...nicknameForm("v1"), id: "cache-test-other" };
    cache.validatorFor(nicknameForm("v1"));
    cache.validatorFor(other);
    cache.validatorFor(nicknameForm("v1"));
    cache.validatorFor(other);
    expect(compile).toHaveBeenCalledTimes(2);
  });
});

describe("validateFormData", () => {
  const form: FormDefinition = {
    ...composeForm({
      id: "validate-test",
      fields: [
        { name: "email", spec: emailField(), required: true },
        { name: "postalCode", spec: postalCodeField(), required: false },
      ],
    }),
    version: "v1",
  };

  it("returns the normalised value of valid data", () => {
    expect(validateFormData(form, { email: " taro@example.jp ", postalCode: "100-0001" })).toEqual({
      ok: true,
      value: { email: "taro@example.jp", postalCode: "1000001" },
    });
    expect(validateFormData(form, { email: "taro@example.jp", postalCode: "" })).toEqual({
      ok: true,
      value: { email: "taro@example.jp" },
    });
  });

  it("returns ajv's errors of invalid data", () => {
    const result = validateFormData(form, { postalCode: "12" });
    expect(result.ok).toBe(false);
    expect(result.ok ? [] : result.errors.map((error) => error.keyword)).toEqual([
      "errorMessage",
      "errorMessage",
    ]);
  });
});

describe("createAjv", () => {
  it("compiles the draft-07 entity schemas next to the form schemas", () => {
    const validate = createAjv().compile(policySchema);
    expect(
      validate({
        policyId: "terms",
        revision: 1,
        key: "terms",
        title: "利用規約",
        renderData: "<p></p>",
        isExternal: false,
      }),
    ).toBe(true);
    expect(validate({ policyId: "terms" })).toBe(false);
  });
});

describe("createFormValidator (the browser side)", () => {
  const form: FormDefinition = {
    ...composeForm({
      id: "rjsf-test",
      fields: [
        { name: "password", spec: newPasswordField("LOWER_DIGIT_UPPER"), required: true },
        { name: "passwordConfirm", spec: passwordConfirmationField("password"), required: true },
        { name: "email", spec: emailField(), required: true },
      ],
    }),
    version: "v1",
  };

  it("gives each field the same translated messages as the API", () => {
    const validator = createFormValidator();
    const data = { password: "abcdefg1", passwordConfirm: "abcdefg2" };
    const { errorSchema } = validator.validateFormData(
      data,
      form.schema,
      undefined,
      createErrorTransformer(form, translators.ja, "ja"),
    );
    expect(errorSchema).toEqual({
      password: { __errors: ["パスワードには英大文字を1文字以上含めてください。"] },
      passwordConfirm: { __errors: ["パスワードが一致しません"] },
      email: { __errors: ["メールアドレスを入力してください。"] },
    });
    const apiMessages = errorsOf(form, data).map(({ field, message }) => [field, message]);
    const browserMessages = Object.entries(errorSchema).flatMap(([field, entry]) =>
      (entry as { __errors: string[] }).__errors.map((message) => [field, message]),
    );
    expect(browserMessages).toEqual(apiMessages);
  });

  it("accepts valid data", () => {
    const validator = createFormValidator();
    const data = { password: "abcdefG1", passwordConfirm: "abcdefG1", email: "taro@example.jp" };
    expect(validator.isValid(form.schema, data, form.schema)).toBe(true);
  });
});
