// @vitest-environment jsdom
/**
 * What a person types before the page's script has started is kept: the page is drawn by the
 * server, typed into, then hydrated, and the submit sends what the fields show (a slow phone).
 */
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { act } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { FormDefinition } from "../schemas/form-definition.ts";
import { buildAuthCodeForm } from "../schemas/forms/codes.ts";
import { buildForgotPasswordForm } from "../schemas/forms/credentials.ts";
import { SchemaForm } from "./schema-form.tsx";
import { createTestI18n, lastSubmitted, testValidator } from "./test-utils.tsx";

// React's act() outside a test renderer: tell it this is a test environment.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(() => {
  document.body.innerHTML = "";
});

/** The server's page, `type` run on it before the script, then the script taking over. */
async function typedThenHydrated(form: FormDefinition, type: (page: HTMLElement) => void) {
  const onSubmit = vi.fn();
  const element = (
    <I18nextProvider i18n={createTestI18n("ja")}>
      <SchemaForm form={form} onSubmit={onSubmit} validator={testValidator} />
    </I18nextProvider>
  );
  const page = document.createElement("div");
  document.body.append(page);
  page.innerHTML = renderToString(element);
  type(page);
  await act(async () => {
    hydrateRoot(page, element);
  });
  await userEvent.click(screen.getByRole("button", { name: /送信|認証/ }));
  return lastSubmitted(onSubmit);
}

function typeInto(page: HTMLElement, selector: string, value: string) {
  const input = page.querySelector<HTMLInputElement>(selector);
  if (!input) throw new Error(`no ${selector}`);
  input.value = value;
}

describe("typed before the script took over", () => {
  it("keeps an e-mail address", async () => {
    const submitted = await typedThenHydrated(buildForgotPasswordForm({}, "t"), (page) =>
      typeInto(page, 'input[name="email"]', "hanako@example.jp"),
    );
    expect(submitted).toEqual({ email: "hanako@example.jp" });
  });

  it("keeps a code typed whole into the first box, or a digit per box", async () => {
    const form = buildAuthCodeForm({ codeName: { displayName: "認証コード" } }, "t");
    const whole = await typedThenHydrated(form, (page) => typeInto(page, 'input[name="pinCode"]', "123456"));
    expect(whole).toEqual({ pinCode: "123456" });
    document.body.innerHTML = "";
    const perBox = await typedThenHydrated(form, (page) =>
      page.querySelectorAll<HTMLInputElement>('input[name="pinCode"]').forEach((box, index) => {
        box.value = String(index + 1);
      }),
    );
    expect(perBox).toEqual({ pinCode: "123456" });
  });
});
