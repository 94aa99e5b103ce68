import { afterAll, describe, expect, it } from "vitest";
import { buildPasswordLoginForm } from "../../../schemas/forms/login.ts";
import { standaloneValidators } from "../../../schemas/standalone-validators.ts";
import {
  importValidatorSource,
  removeImportedValidators,
} from "../../../schemas/standalone-validators-testing.ts";
import { createTestI18n } from "../../../tests/render.tsx";
import { loadFormCheck } from "./browser-check.ts";

afterAll(removeImportedValidators);

const form = buildPasswordLoginForm({ identifier: "emailOrUserId" }, "v1");
const serving = (source: string) => () => importValidatorSource(source);

describe("the light renderer's browser check", () => {
  it("runs the module the server serves and gives the spec's messages per field", async () => {
    const check = await loadFormCheck(
      "/form-validators/x.js",
      serving(standaloneValidators(form.schema).source),
    );
    const i18n = await createTestI18n("ja");
    expect(check(form, {}, i18n.t, "ja")).toEqual([
      { field: "emailUserId", message: "メールアドレスまたはユーザIDを入力してください。" },
      { field: "password", message: "パスワードを入力してください。" },
    ]);
    expect(check(form, { emailUserId: "taro", password: "secret" }, i18n.t, "ja")).toEqual([]);
  });

  it("refuses a file that is not a validator module, so the action alone checks", async () => {
    await expect(loadFormCheck("/x.js", async () => ({ default: 1 }))).rejects.toThrow(
      /not a form validator/,
    );
  });
});
