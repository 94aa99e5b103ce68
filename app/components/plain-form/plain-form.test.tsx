// @vitest-environment jsdom
import { screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { Language } from "../../../locales/index.ts";
import type { FormDefinition } from "../../../schemas/form-definition.ts";
import { FORM_ID_FIELD } from "../../../schemas/form-post.ts";
import { buildLoginCodeEntryForm, buildPasswordLoginForm } from "../../../schemas/forms/login.ts";
import { createTestI18n, renderRoutes } from "../../../tests/render.tsx";
import type { FormRendererProps } from "../../../widgets/form-renderer.ts";
import { PlainForm } from "./plain-form.tsx";

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

type FormUnderTest = Partial<FormRendererProps> & { form: FormDefinition };

/** The props of the form the next render shows (set by renderForm). */
let underTest: FormUnderTest = { form: passwordLogin };
let submitted: Record<string, unknown>[] = [];

function Page() {
  return <PlainForm onSubmit={(data) => submitted.push(data)} {...underTest} />;
}

/** The form on a /form page. */
function renderForm(props: FormUnderTest, options: { language?: Language } = {}) {
  underTest = props;
  submitted = [];
  return renderRoutes([{ path: "form", Component: Page }], { url: "/form", language: options.language });
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

  it("labels built-in fields by their translation key, without badges when every field is required (issue 41 §17)", async () => {
    const { container } = await renderForm({ form: passwordLogin });
    expect(screen.getByRole("textbox", { name: "メールアドレスまたはユーザID" })).toBeRequired();
    expect(screen.getByLabelText("パスワード")).toHaveAttribute("type", "password");
    expect(container.querySelector(".sf-badge")).toBeNull();
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

  it("offers a code as the six numeric boxes of every code, all posted under its name (issue 41 §12)", async () => {
    const { container } = await renderForm({ form: codeEntry });
    const boxes = screen.getAllByRole("textbox", { name: /^ログイン用認証コード \d桁目$/ });
    expect(boxes).toHaveLength(6);
    for (const box of boxes) {
      expect(box).toHaveAttribute("inputmode", "numeric");
      expect(box).toHaveAttribute("name", "authCode");
    }
    // The first takes a whole code (autofill, or typed before the script runs).
    expect(boxes[0]).toHaveAttribute("maxlength", "6");
    expect(boxes[0]).toHaveAttribute("autocomplete", "one-time-code");
    // Its label points at the first box.
    expect(container.querySelector("label[for]")?.getAttribute("for")).toBe(boxes[0]?.id);
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
    const password = screen.getByLabelText("パスワード");
    const toggle = screen.getByRole("button", { name: "パスワードを表示" });
    expect(toggle).toHaveAttribute("aria-pressed", "false");
    await user.click(toggle);
    expect(password).toHaveAttribute("type", "text");
    expect(toggle).toHaveAttribute("aria-pressed", "true");
    await user.click(toggle);
    expect(password).toHaveAttribute("type", "password");
  });
});

/** A page whose every submit is refused, as the action answers a wrong password. */
function RefusingPage() {
  const [answer, setAnswer] = useState<Partial<FormUnderTest>>({});
  const refuse = () =>
    setAnswer({ summary: "メールアドレスまたはパスワードが正しくありません。", serverErrors: [] });
  return <PlainForm form={passwordLogin} onSubmit={refuse} {...answer} />;
}

describe("PlainForm after a refused post", () => {
  it("clears the password and keeps the identifier (issue 41 §15)", async () => {
    const { user } = await renderRoutes([{ path: "form", Component: RefusingPage }], { url: "/form" });
    const identifier = screen.getByRole("textbox", { name: /ユーザID/ });
    const password = screen.getByLabelText("パスワード");
    await user.type(identifier, "taro@example.jp");
    await user.type(password, "Wrong0pass");
    await user.click(screen.getByRole("button", { name: "送信する" }));
    await screen.findByText("メールアドレスまたはパスワードが正しくありません。");
    expect(password).toHaveValue("");
    expect(identifier).toHaveValue("taro@example.jp");
  });
});

describe("PlainForm errors", () => {
  const identifierAndPassword = [
    { field: "emailUserId", message: "メールアドレスまたはユーザIDを入力してください。" },
    { field: "password", message: "パスワードを入力してください。" },
  ];

  it("shows the action's field errors prefixed with ※, wired to their inputs, and focuses the first", async () => {
    await renderForm({ form: passwordLogin, serverErrors: identifierAndPassword });
    const identifier = screen.getByRole("textbox", { name: /ユーザID/ });
    expect(identifier).toHaveAccessibleDescription("※メールアドレスまたはユーザIDを入力してください。");
    expect(identifier).toHaveAttribute("aria-invalid", "true");
    await waitFor(() => expect(identifier).toHaveFocus());
    expect(screen.getByLabelText("パスワード")).toHaveAccessibleDescription(
      "※パスワードを入力してください。",
    );
  });

  it("drops a field's error once the field is edited, and keeps the others", async () => {
    const { user } = await renderForm({ form: passwordLogin, serverErrors: identifierAndPassword });
    await user.type(screen.getByRole("textbox", { name: /ユーザID/ }), "taro");
    expect(screen.queryByText("※メールアドレスまたはユーザIDを入力してください。")).not.toBeInTheDocument();
    expect(screen.getByText("※パスワードを入力してください。")).toBeInTheDocument();
  });

  it("shows the summary and errors of fields it does not have at the top, as an alert, and focuses it", async () => {
    await renderForm({
      form: passwordLogin,
      serverErrors: [{ field: "root", message: "入力内容が正しくありません。" }],
      summary: "ログインに失敗しました。",
    });
    const summary = await screen.findByRole("alert");
    expect(summary).toHaveTextContent("ログインに失敗しました。 入力内容が正しくありません。");
    // At the top of the form, before its fields, and focused.
    const firstField = document.querySelector("[data-field]");
    expect(
      summary.compareDocumentPosition(firstField as Node) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    await waitFor(() => expect(summary).toHaveFocus());
  });

  it("fills in what was posted before, secrets aside (the page passes the action's echo)", async () => {
    await renderForm({ form: passwordLogin, formData: { emailUserId: "taro" } });
    expect(screen.getByRole("textbox", { name: /ユーザID/ })).toHaveValue("taro");
    expect(screen.getByLabelText("パスワード")).toHaveValue("");
  });
});

describe("PlainForm submit", () => {
  it("hands the page the data read from the inputs as the action reads a post, normalised", async () => {
    const { user } = await renderForm({ form: passwordLogin });
    await user.type(screen.getByRole("textbox", { name: /ユーザID/ }), "  taro ");
    await user.type(screen.getByLabelText("パスワード"), "pass word");
    await user.click(screen.getByRole("button", { name: "送信する" }));
    expect(submitted).toEqual([{ emailUserId: "taro", password: "pass word" }]);
  });

  it("sends nothing while busy or held by the page, and says it is sending", async () => {
    const { user } = await renderForm({ form: passwordLogin, busy: true });
    const button = screen.getByRole("button", { name: "送信する" });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute("aria-busy", "true");
    expect(screen.getByRole("status")).toHaveTextContent("送信しています");
    await user.click(button);
    expect(submitted).toEqual([]);
  });

  it("holds the button while the page says so (e.g. until a code that failed is changed)", async () => {
    const { user } = await renderForm({ form: codeEntry, disabled: true });
    const button = screen.getByRole("button", { name: "送信する" });
    expect(button).toBeDisabled();
    await user.type(screen.getByRole("textbox", { name: "ログイン用認証コード 1桁目" }), "123456{Enter}");
    expect(submitted).toEqual([]);
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

  it("posts to the page itself (no action: the browser keeps the query, so returnTo survives)", async () => {
    const page = await serverRendered({ form: passwordLogin }, "/login?returnTo=%2Fmypage%2Fedit");
    const form = page.querySelector("form");
    expect(form?.getAttribute("method")).toBe("post");
    expect(form?.hasAttribute("action")).toBe(false);
    expect(page.querySelector(`input[name="${FORM_ID_FIELD}"]`)?.getAttribute("value")).toBe(
      "login.password",
    );
  });

  it("hides the password toggle, which would do nothing without JavaScript", async () => {
    const page = await serverRendered({ form: passwordLogin }, "/login");
    expect(
      page.querySelector('button[aria-controls="login-password_password"]')?.hasAttribute("hidden"),
    ).toBe(true);
  });

  it("never holds the button, which could not be released without JavaScript", async () => {
    const serverErrors = [{ field: "authCode", message: "認証に失敗しました。" }];
    const page = await serverRendered({ form: codeEntry, serverErrors, disabled: true }, "/login");
    expect(page.querySelector('button[type="submit"]')?.hasAttribute("disabled")).toBe(false);
    expect(page.querySelector(".sf-field__error")?.textContent).toBe("※認証に失敗しました。");
  });
});
