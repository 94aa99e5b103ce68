// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { lastSubmitted, renderForm, testForm } from "../test-utils.tsx";

const prefectureForm = (type: "integer" | "string") =>
  testForm({ prefecture: { type, title: "都道府県" } }, { prefecture: { "ui:widget": "prefecture" } });
const select = () => screen.getByRole("combobox", { name: /^都道府県/ });

describe("prefecture widget", () => {
  it("lists the 47 prefectures in code order after an empty choice", () => {
    renderForm(prefectureForm("integer"));
    const options = within(select()).getAllByRole("option");
    expect(options).toHaveLength(48);
    expect(options[0]).toHaveTextContent("選択してください");
    expect(options[1]).toHaveTextContent("北海道");
    expect(options[1]).toHaveValue("1");
    expect(options[47]).toHaveTextContent("沖縄県");
    expect(options[47]).toHaveValue("47");
  });

  it("names them in English on the English site", () => {
    renderForm(prefectureForm("integer"), {}, "en");
    expect(within(select()).getByRole("option", { name: "Tokyo" })).toHaveValue("13");
  });

  it("stores the code as a number for an integer field, as text otherwise", async () => {
    const numeric = renderForm(prefectureForm("integer"));
    await numeric.user.selectOptions(select(), "東京都");
    await numeric.submit();
    expect(lastSubmitted(numeric.onSubmit)).toEqual({ prefecture: 13 });
  });

  it("stores the code as text for a string field", async () => {
    const text = renderForm(prefectureForm("string"));
    await text.user.selectOptions(select(), "大阪府");
    await text.submit();
    expect(lastSubmitted(text.onSubmit)).toEqual({ prefecture: "27" });
  });
});
