// @vitest-environment jsdom
import { screen, waitFor } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createRoutesStub, data, useActionData } from "react-router";
import { describe, expect, it } from "vitest";
import type { Language } from "../../../locales/index.ts";
import type { FormDefinition } from "../../../schemas/form-definition.ts";
import { FORM_ID_FIELD, type FormFailure } from "../../../schemas/form-post.ts";
import { buildLoginCodeEntryForm, buildPasswordLoginForm } from "../../../schemas/forms/login.ts";
import { createTestI18n, renderRoutes } from "../../../tests/render.tsx";
import { PlainForm, type PlainFormProps } from "./plain-form.tsx";

const passwordLogin = buildPasswordLoginForm({ identifier: "emailOrUserId" }, "v1");
const codeEntry = buildLoginCodeEntryForm({ codeName: { displayName: "ログイン用認証コード" } }, "v1");

/** A store-defined checkbox (literal title with English), an optional one and a hidden field. */
const preferences: FormDefinition = {
  id: "test.preferences",
  version: "1",
  schema: {
    type: "object",
    required: ["consent"],
    properties: {
      requestId: { type: "string" },
      newsletter: { type: "boolean", title: "メールマガジンを受け取る" },
      consent: { type: "boolean", title: "会員規約に同意する" },
    },
  },
  uiSchema: {
    "ui:order": ["newsletter", "consent", "requestId"],
    requestId: { "ui:widget": "hidden" },
    consent: { "ui:options": { titleEn: "I agree to the membership terms" } },
  },
};

type Action = (args: { request: Request }) => Promise<unknown>;

type FormUnderTest = Partial<PlainFormProps> & { form: FormDefinition };

/** The props of the form the next render shows (set by renderForm). */
let underTest: FormUnderTest = { form: passwordLogin };

/** The page of the tests: the form, showing its action's failure. */
function Page() {
  const failure = useActionData() as FormFailure | undefined;
  return <PlainForm submitLabel="送信する" failure={failure} {...underTest} />;
}

/** The form on a /form page whose action answers posts. */
function renderForm(props: FormUnderTest, options: { action?: Action; language?: Language } = {}) {
  underTest = props;
  const action = options.action ?? (async () => null);
  return renderRoutes([{ path: "form", Component: Page, action }], {
    url: "/form",
    language: options.language,
  });
}

function failing(failure: Omit<FormFailure, "values"> & { values?: Record<string, string> }): Action {
  return async () => data({ values: {}, ...failure }, { status: 400 });
}

describe("PlainForm markup", () => {
  it("is a real form that posts every field under its property name, with the form's id", async () => {
    const { container } = await renderForm({ form: passwordLogin });
    const form = container.querySelector("form");
    expect(form).toHaveAttribute("method", "post");
    expect(form?.elements.namedItem("emailUserId")).toBe(screen.getByRole("textbox", { name: /ユーザID/ }));
    expect(form?.elements.namedItem("password")).toBeInstanceOf(HTMLInputElement);
    expect(form?.elements.namedItem(FORM_ID_FIELD)).toHaveValue("login.password");
  });

  it("labels built-in fields by their translation key, with the 必須 badge of required fields", async () => {
    await renderForm({ form: passwordLogin });
    expect(screen.getByRole("textbox", { name: "メールアドレスまたはユーザID 必須" })).toBeRequired();
    expect(screen.getByLabelText("パスワード 必須")).toHaveAttribute("type", "password");
  });

  it("carries data-field and data-required on each field, and 任意 on optional ones", async () => {
    const { container } = await renderForm({ form: preferences });
    const newsletter = container.querySelector('[data-field="newsletter"]');
    expect(newsletter).toHaveAttribute("data-required", "false");
    expect(newsletter).toHaveTextContent("任意");
    expect(container.querySelector('[data-field="consent"]')).toHaveAttribute("data-required", "true");
    expect(container.querySelector('[data-field="requestId"]')).not.toBeVisible();
  });

  it("shows a store's literal label as it is, and its English text in English", async () => {
    await renderForm({ form: preferences });
    expect(screen.getByRole("checkbox", { name: "会員規約に同意する" })).toBeInTheDocument();
  });

  it("shows the English text of a store's label when the page is in English", async () => {
    await renderForm({ form: preferences }, { language: "en" });
    expect(screen.getByRole("checkbox", { name: "I agree to the membership terms" })).toBeInTheDocument();
  });

  it("offers a code as one numeric input no longer than the code", async () => {
    await renderForm({ form: codeEntry });
    const code = screen.getByRole("textbox", { name: "ログイン用認証コード 必須" });
    expect(code).toHaveAttribute("inputmode", "numeric");
    expect(code).toHaveAttribute("maxlength", "6");
    expect(code).toHaveAttribute("autocomplete", "one-time-code");
  });

  it("puts extra content under its field", async () => {
    const { container } = await renderForm({
      form: passwordLogin,
      fieldExtras: { password: <a href="/password/forgot">パスワードをお忘れの方</a> },
    });
    const link = screen.getByRole("link", { name: "パスワードをお忘れの方" });
    expect(container.querySelector('[data-field="password"]')).toContainElement(link);
  });
});

describe("PlainForm password", () => {
  it("shows and hides the password with a toggle that keeps one name", async () => {
    const { user } = await renderForm({ form: passwordLogin });
    const password = screen.getByLabelText("パスワード 必須");
    const toggle = screen.getByRole("button", { name: "パスワードを表示" });
    expect(toggle).toHaveAttribute("aria-pressed", "false");
    await user.click(toggle);
    expect(password).toHaveAttribute("type", "text");
    expect(toggle).toHaveAttribute("aria-pressed", "true");
    await user.click(toggle);
    expect(password).toHaveAttribute("type", "password");
  });
});

describe("PlainForm errors", () => {
  const identifierAndPassword = failing({
    formId: "login.password",
    errors: [
      { field: "emailUserId", message: "メールアドレスまたはユーザIDを入力してください。" },
      { field: "password", message: "パスワードを入力してください。" },
    ],
    summary: "",
  });

  it("shows the action's field errors prefixed with ※, wired to their inputs, and focuses the first", async () => {
    const { user } = await renderForm({ form: passwordLogin }, { action: identifierAndPassword });
    await user.click(screen.getByRole("button", { name: "送信する" }));
    const identifier = screen.getByRole("textbox", { name: /ユーザID/ });
    await waitFor(() =>
      expect(identifier).toHaveAccessibleDescription("※メールアドレスまたはユーザIDを入力してください。"),
    );
    expect(identifier).toHaveAttribute("aria-invalid", "true");
    expect(identifier).toHaveFocus();
    expect(screen.getByLabelText("パスワード 必須")).toHaveAccessibleDescription(
      "※パスワードを入力してください。",
    );
  });

  it("drops a field's error once the field is edited, and keeps the others", async () => {
    const { user } = await renderForm({ form: passwordLogin }, { action: identifierAndPassword });
    await user.click(screen.getByRole("button", { name: "送信する" }));
    await screen.findByText("※パスワードを入力してください。");
    await user.type(screen.getByRole("textbox", { name: /ユーザID/ }), "taro");
    expect(screen.queryByText("※メールアドレスまたはユーザIDを入力してください。")).not.toBeInTheDocument();
    expect(screen.getByText("※パスワードを入力してください。")).toBeInTheDocument();
  });

  it("shows the summary and errors of fields it does not have at the top, as an alert, and focuses it", async () => {
    const action = failing({
      formId: "login.password",
      errors: [{ field: "root", message: "入力内容が正しくありません。" }],
      summary: "ログインに失敗しました。",
    });
    const { user } = await renderForm({ form: passwordLogin }, { action });
    await user.click(screen.getByRole("button", { name: "送信する" }));
    const summary = await screen.findByRole("alert");
    expect(summary).toHaveTextContent("ログインに失敗しました。 入力内容が正しくありません。");
    // At the top of the form, before its fields, and focused.
    const firstField = document.querySelector("[data-field]");
    expect(
      summary.compareDocumentPosition(firstField as Node) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    await waitFor(() => expect(summary).toHaveFocus());
  });

  it("ignores a failure that belongs to another form of the page", async () => {
    await renderForm({
      form: passwordLogin,
      failure: { formId: "login.code", errors: [], summary: "エラーが発生しました。", values: {} },
    });
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("fills in what was typed before a post that was answered without JavaScript", async () => {
    await renderForm({
      form: passwordLogin,
      failure: {
        formId: "login.password",
        errors: [],
        summary: "ログインに失敗しました。",
        values: { emailUserId: "taro" },
      },
    });
    expect(screen.getByRole("textbox", { name: /ユーザID/ })).toHaveValue("taro");
    expect(screen.getByLabelText("パスワード 必須")).toHaveValue("");
  });

  it("holds the button after a failure until the watched field differs from the value tried (spec §4)", async () => {
    const action = failing({
      formId: "login.codeEntry",
      errors: [{ field: "authCode", message: "認証に失敗しました。認証コードをご確認ください。" }],
      summary: "",
    });
    const { user } = await renderForm({ form: codeEntry, retryAfterChangeOf: "authCode" }, { action });
    const code = screen.getByRole("textbox", { name: /認証コード/ });
    const button = screen.getByRole("button", { name: "送信する" });
    await user.type(code, "123456");
    await user.click(button);
    await screen.findByText("※認証に失敗しました。認証コードをご確認ください。");
    expect(button).toBeDisabled();
    await user.type(code, "{Backspace}7");
    expect(button).toBeEnabled();
    await user.type(code, "{Backspace}6");
    expect(button).toBeDisabled();
  });

  it("keeps the button usable after a failure when not asked to hold it", async () => {
    const { user } = await renderForm({ form: passwordLogin }, { action: identifierAndPassword });
    await user.click(screen.getByRole("button", { name: "送信する" }));
    await screen.findByText("※パスワードを入力してください。");
    expect(screen.getByRole("button", { name: "送信する" })).toBeEnabled();
  });
});

describe("PlainForm while sending", () => {
  it("disables the button, marks it busy and says so in a status region until the answer comes", async () => {
    let answer: (value: unknown) => void = () => {};
    const action: Action = () => new Promise((resolve) => (answer = resolve));
    const { user } = await renderForm({ form: passwordLogin }, { action });
    await user.click(screen.getByRole("button", { name: "送信する" }));
    const button = await screen.findByRole("button", { name: "送信する" });
    await waitFor(() => expect(button).toBeDisabled());
    expect(button).toHaveAttribute("aria-busy", "true");
    expect(screen.getByRole("status")).toHaveTextContent("送信しています");
    answer(null);
    await waitFor(() => expect(button).toBeEnabled());
    expect(screen.getByRole("status")).toHaveTextContent("");
  });

  it("posts the fields as typed, with the form's id", async () => {
    let posted: FormData | undefined;
    const action: Action = async ({ request }) => {
      posted = await request.formData();
      return null;
    };
    const { user } = await renderForm({ form: passwordLogin }, { action });
    await user.type(screen.getByRole("textbox", { name: /ユーザID/ }), "taro");
    await user.type(screen.getByLabelText("パスワード 必須"), "pass word");
    await user.click(screen.getByRole("button", { name: "送信する" }));
    await waitFor(() => expect(posted).toBeDefined());
    expect(Object.fromEntries(posted ?? [])).toEqual({
      [FORM_ID_FIELD]: "login.password",
      emailUserId: "taro",
      password: "pass word",
    });
  });
});

describe("PlainForm before hydration", () => {
  /** The HTML the server sends, in a detached document, as a browser without JavaScript sees it. */
  async function serverRendered(props: FormUnderTest, url: string): Promise<Document> {
    underTest = props;
    const Stub = createRoutesStub([{ path: "/login", Component: Page }]);
    const i18n = await createTestI18n("ja");
    const html = renderToString(
      <I18nextProvider i18n={i18n}>
        <Stub initialEntries={[url]} />
      </I18nextProvider>,
    );
    return new DOMParser().parseFromString(html, "text/html");
  }

  it("posts to the page itself, query included, so returnTo survives the post", async () => {
    const page = await serverRendered({ form: passwordLogin }, "/login?returnTo=%2Fmypage%2Fedit");
    const form = page.querySelector("form");
    expect(form?.getAttribute("method")).toBe("post");
    expect(form?.getAttribute("action")).toBe("/login?returnTo=%2Fmypage%2Fedit");
  });

  it("hides the password toggle, which would do nothing without JavaScript", async () => {
    const page = await serverRendered({ form: passwordLogin }, "/login");
    expect(
      page.querySelector('button[aria-controls="login-password_password"]')?.hasAttribute("hidden"),
    ).toBe(true);
  });

  it("never holds the button, which could not be released without JavaScript", async () => {
    const failure = {
      formId: "login.codeEntry",
      errors: [{ field: "authCode", message: "認証に失敗しました。" }],
      summary: "",
      values: {},
    };
    const page = await serverRendered({ form: codeEntry, failure, retryAfterChangeOf: "authCode" }, "/login");
    expect(page.querySelector('button[type="submit"]')?.hasAttribute("disabled")).toBe(false);
    expect(page.querySelector(".sf-field__error")?.textContent).toBe("※認証に失敗しました。");
  });
});
