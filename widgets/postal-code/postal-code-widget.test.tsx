// @vitest-environment jsdom
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { installDialogPolyfill, lastSubmitted, renderForm, testForm } from "../test-utils.tsx";

beforeAll(installDialogPolyfill);
afterEach(() => vi.unstubAllGlobals());

const addressForm = () =>
  testForm(
    {
      postalCode: { type: "string", title: "郵便番号" },
      prefecture: { type: "integer", title: "都道府県" },
      address: { type: "string", title: "住所" },
    },
    {
      postalCode: {
        "ui:widget": "postalCode",
        "ui:options": { prefectureField: "prefecture", addressField: "address" },
      },
      prefecture: { "ui:widget": "prefecture" },
    },
  );

const chiyoda = { prefectureCode: 13, city: "千代田区", town: "千代田", allAddress: "東京都千代田区千代田" };
const yachiyo = [
  { prefectureCode: 12, city: "八千代市", town: "大和田新田", allAddress: "千葉県八千代市大和田新田" },
  { prefectureCode: 12, city: "八千代市", town: "高津", allAddress: "千葉県八千代市高津" },
];

function answer(status: number, body: unknown) {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify(body), { status }));
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

const postalInput = () => screen.getByRole("textbox", { name: /^郵便番号/ });
const searchButton = () => screen.getByRole("button", { name: "住所検索" });
const postalStatus = () => within(postalInput().closest("[data-field]") as HTMLElement).getByRole("status");

describe("postal code input", () => {
  it("keeps digits only, at most 7, dropping a typed hyphen", async () => {
    const { user } = renderForm(addressForm());
    await user.type(postalInput(), "100-00012");
    expect(postalInput()).toHaveValue("1000001");
    expect(postalInput()).toHaveAttribute("maxlength", "7");
    expect(postalInput()).toHaveAttribute("inputmode", "numeric");
  });

  it("takes a pasted code with its hyphen", async () => {
    const { user } = renderForm(addressForm());
    await user.click(postalInput());
    await user.paste("104-0061");
    expect(postalInput()).toHaveValue("1040061");
  });

  it("enables the search only with 7 digits and no error on the field", async () => {
    answer(200, { results: [] });
    const { user } = renderForm(addressForm());
    expect(searchButton()).toBeDisabled();
    await user.type(postalInput(), "100000");
    expect(searchButton()).toBeDisabled();
    await user.type(postalInput(), "1");
    expect(searchButton()).toBeEnabled();
    await user.click(searchButton());
    // "Not found" is now an error on the field: searching the same code again is pointless.
    await screen.findByText("※該当する住所が見つかりませんでした。");
    expect(searchButton()).toBeDisabled();
    await user.type(postalInput(), "{Backspace}2");
    expect(searchButton()).toBeEnabled();
  });
});

describe("postal code search", () => {
  it("fills prefecture and address from a single result", async () => {
    const fetchMock = answer(200, { results: [chiyoda] });
    const { user, onSubmit, submit } = renderForm(addressForm());
    await user.type(postalInput(), "1000001");
    await user.click(searchButton());

    expect(fetchMock).toHaveBeenCalledWith("/zapi/postal-code/1000001", expect.anything());
    await waitFor(() => expect(screen.getByRole("textbox", { name: /^住所/ })).toHaveValue("千代田区千代田"));
    expect(screen.getByRole("combobox", { name: /^都道府県/ })).toHaveValue("13");
    expect(postalStatus()).toHaveTextContent("住所を入力しました：東京都千代田区千代田");
    await submit();
    expect(lastSubmitted(onSubmit)).toEqual({
      postalCode: "1000001",
      prefecture: 13,
      address: "千代田区千代田",
    });
  });

  it("keeps the keyboard focus on the button while it searches, and takes it to the code it did not find (issue 41 §8)", async () => {
    answer(200, { results: [chiyoda] });
    const { user } = renderForm(addressForm());
    await user.type(postalInput(), "1000001");
    await user.tab();
    expect(searchButton()).toHaveFocus();
    await user.keyboard("{Enter}");
    expect(searchButton()).toHaveFocus();
    await waitFor(() => expect(screen.getByRole("textbox", { name: /^住所/ })).toHaveValue("千代田区千代田"));
    expect(searchButton()).toHaveFocus();

    answer(200, { results: [] });
    await user.type(postalInput(), "{Backspace}2");
    await user.tab();
    await user.keyboard("{Enter}");
    await screen.findByText("※該当する住所が見つかりませんでした。");
    expect(postalInput()).toHaveFocus();
  });

  it("lets the user choose among several results in the 住所を選択 dialog", async () => {
    answer(200, { results: yachiyo });
    const { user } = renderForm(addressForm());
    await user.type(postalInput(), "2760035");
    await user.click(searchButton());

    const dialog = await screen.findByRole("dialog", { name: "住所を選択" });
    const decide = within(dialog).getByRole("button", { name: "決定" });
    expect(decide).toBeDisabled();
    expect(within(dialog).getAllByRole("radio")).toHaveLength(2);
    await user.click(within(dialog).getByRole("radio", { name: "千葉県八千代市高津" }));
    expect(decide).toBeEnabled();
    await user.click(decide);

    expect(screen.queryByRole("dialog")).toBeNull();
    expect(screen.getByRole("textbox", { name: /^住所/ })).toHaveValue("八千代市高津");
    expect(screen.getByRole("combobox", { name: /^都道府県/ })).toHaveValue("12");
  });

  it("closes the dialog with 閉じる or Escape without filling, focus back on the search button", async () => {
    answer(200, { results: yachiyo });
    const { user } = renderForm(addressForm());
    await user.type(postalInput(), "2760035");
    await user.click(searchButton());
    const dialog = await screen.findByRole("dialog", { name: "住所を選択" });
    await user.click(within(dialog).getByRole("button", { name: "閉じる" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(searchButton()).toHaveFocus();

    await user.click(searchButton());
    await user.click(within(screen.getByRole("dialog")).getAllByRole("radio")[0] as HTMLElement);
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(screen.getByRole("textbox", { name: /^住所/ })).toHaveValue("");
  });

  it("reopens the dialog for the same code from the stored results, without a new request", async () => {
    const fetchMock = answer(200, { results: yachiyo });
    const { user } = renderForm(addressForm());
    await user.type(postalInput(), "2760035");
    await user.click(searchButton());
    await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "閉じる" }));
    await user.click(searchButton());

    const dialog = screen.getByRole("dialog", { name: "住所を選択" });
    expect(within(dialog).getByRole("button", { name: "決定" })).toBeDisabled();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("asks again once the code changed", async () => {
    const fetchMock = answer(200, { results: yachiyo });
    const { user } = renderForm(addressForm());
    await user.type(postalInput(), "2760035");
    await user.click(searchButton());
    await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "閉じる" }));
    await user.type(postalInput(), "{Backspace}6");
    await user.click(searchButton());
    await screen.findByRole("dialog");
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(fetchMock).toHaveBeenLastCalledWith("/zapi/postal-code/2760036", expect.anything());
  });

  it("shows the server's message on the postal-code field when the lookup fails", async () => {
    answer(400, {
      code: "INVALID_POSTAL_CODE",
      message: "郵便番号の形式が正しくありません",
      requestId: "r1",
    });
    const { user } = renderForm(addressForm());
    await user.type(postalInput(), "1234567");
    await user.click(searchButton());
    const field = postalInput().closest("[data-field]") as HTMLElement;
    expect(await within(field).findByRole("alert")).toHaveTextContent("※郵便番号の形式が正しくありません");
    expect(postalInput()).toHaveAttribute("aria-invalid", "true");
  });

  it("does not start checking the other fields when a search fails", async () => {
    answer(200, { results: [] });
    const form = addressForm();
    form.schema.required = ["address"];
    const { user } = renderForm(form);
    await user.type(postalInput(), "0000000");
    await user.click(searchButton());
    await screen.findByText("※該当する住所が見つかりませんでした。");
    await user.selectOptions(screen.getByRole("combobox", { name: /^都道府県/ }), "北海道");
    const address = screen.getByRole("textbox", { name: /^住所/ }).closest("[data-field]") as HTMLElement;
    expect(within(address).queryByRole("alert")).toBeNull();
  });

  it("falls back to a generic message when the server is unreachable", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))),
    );
    const { user } = renderForm(addressForm());
    await user.type(postalInput(), "1000001");
    await user.click(searchButton());
    expect(await screen.findByText("※エラーが発生しました。")).toBeInTheDocument();
  });

  it("drops an answer that arrives after the code was edited", async () => {
    let reply: (response: Response) => void = () => {};
    vi.stubGlobal(
      "fetch",
      vi.fn(() => new Promise<Response>((resolve) => (reply = resolve))),
    );
    const { user } = renderForm(addressForm());
    await user.type(postalInput(), "1000001");
    await user.click(searchButton());
    await user.type(postalInput(), "{Backspace}");
    reply(new Response(JSON.stringify({ results: [chiyoda] })));
    await waitFor(() => expect(postalStatus()).toBeEmptyDOMElement());
    expect(screen.getByRole("textbox", { name: /^住所/ })).toHaveValue("");
  });
});
