// @vitest-environment jsdom
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderForm, testForm } from "../test-utils.tsx";

const duplicate = "このユーザIDは既に使用されています。別のユーザIDを登録してください。";
const userIdForm = () =>
  testForm(
    { userId: { type: "string", title: "ユーザID" }, password: { type: "string", title: "パスワード" } },
    {
      userId: {
        "ui:widget": "userId",
        "ui:options": { verifyPath: "/zapi/account/user-id/verify", currentValue: "current01" },
      },
    },
  );

function answer(status: number, body: unknown) {
  const fetchMock = vi.fn(
    async (_url: string, _init?: RequestInit) => new Response(JSON.stringify(body), { status }),
  );
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

const input = () => screen.getByRole("textbox", { name: /^ユーザID/ });
const field = () => input().closest("[data-field]") as HTMLElement;

afterEach(() => vi.unstubAllGlobals());

describe("user ID widget", () => {
  it("checks a changed ID when the field is left and shows the server's refusal", async () => {
    const fetchMock = answer(400, {
      code: "ACCOUNT_ALREADY_EXISTS_USER_ID",
      message: duplicate,
      requestId: "r",
    });
    const { user } = renderForm(userIdForm());
    await user.type(input(), "taken01");
    expect(fetchMock).not.toHaveBeenCalled();
    await user.tab();

    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe("/zapi/account/user-id/verify");
    expect(init?.method).toBe("POST");
    expect(JSON.parse(String(init?.body))).toEqual({ userId: "taken01" });
    expect(await within(field()).findByRole("alert")).toHaveTextContent(`※${duplicate}`);
  });

  it("removes the message once the ID is edited", async () => {
    answer(400, { message: duplicate });
    const { user } = renderForm(userIdForm());
    await user.type(input(), "taken01");
    await user.tab();
    await within(field()).findByRole("alert");
    await user.type(input(), "x");
    expect(within(field()).queryByRole("alert")).toBeNull();
  });

  it("shows nothing for a free ID", async () => {
    answer(200, {});
    const { user } = renderForm(userIdForm());
    await user.type(input(), "free0001");
    await user.tab();
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(within(field()).queryByRole("alert")).toBeNull();
  });

  it("does not check the current ID or an empty field", async () => {
    const fetchMock = answer(200, {});
    const { user } = renderForm(userIdForm(), { formData: { userId: "current01" } });
    await user.click(input());
    await user.tab();
    await user.clear(input());
    await user.tab();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("does not send an ID of the wrong shape, whose own message would be replaced by the API's", async () => {
    const fetchMock = answer(400, { message: "入力内容に誤りがあります。各項目をご確認ください。" });
    const shaped = testForm(
      {
        userId: {
          type: "string",
          title: "ユーザID",
          minLength: 6,
          maxLength: 15,
          pattern: "^[A-Za-z0-9]*$",
          errorMessage: { minLength: "validation.userId.minLength", pattern: "validation.userId.characters" },
        } as never,
      },
      { userId: { "ui:widget": "userId", "ui:options": { verifyPath: "/zapi/account/user-id/verify" } } },
    );
    const { user } = renderForm(shaped);
    // (The field's message on blur is the form's: tests/e2e/form-checks.spec.ts sees it stay.)
    await user.type(input(), "ab");
    await user.tab();
    await user.clear(input());
    await user.type(input(), "ab-cd-ef");
    await user.tab();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(fetchMock).not.toHaveBeenCalled();
    await user.clear(input());
    await user.type(input(), "abcdef");
    await user.tab();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
  });

  it("ignores the answer for an ID the user has changed since", async () => {
    let reply: (response: Response) => void = () => {};
    vi.stubGlobal(
      "fetch",
      vi.fn(() => new Promise<Response>((resolve) => (reply = resolve))),
    );
    const { user } = renderForm(userIdForm());
    await user.type(input(), "taken01");
    await user.tab();
    await user.type(input(), "2");
    reply(new Response(JSON.stringify({ message: duplicate }), { status: 400 }));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(within(field()).queryByRole("alert")).toBeNull();
  });
});
