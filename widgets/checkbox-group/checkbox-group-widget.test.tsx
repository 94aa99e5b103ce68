// @vitest-environment jsdom
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { lastSubmitted, renderForm, testForm } from "../test-utils.tsx";

const genresForm = (options: Record<string, unknown>) =>
  testForm(
    {
      genres: {
        type: "array",
        title: "好きなジャンル",
        uniqueItems: true,
        items: { type: "string", enum: ["anime", "drama", "movie", "sports"] },
      },
    },
    {
      genres: {
        "ui:widget": "checkboxGroup",
        "ui:enumNames": ["アニメ", "ドラマ", "映画", "スポーツ"],
        "ui:options": { enumNamesEn: ["Anime", "Drama", "Movies", "Sports"], ...options },
      },
    },
  );

describe("checkbox group", () => {
  it("is a group of named boxes whose value keeps the option order", async () => {
    const { user, onSubmit, submit } = renderForm(genresForm({}));
    expect(screen.getByRole("group", { name: /^好きなジャンル/ })).toBeInTheDocument();
    await user.click(screen.getByRole("checkbox", { name: "映画" }));
    await user.click(screen.getByRole("checkbox", { name: "アニメ" }));
    await submit();
    expect(lastSubmitted(onSubmit)).toEqual({ genres: ["anime", "movie"] });
  });

  it("disables the other boxes once the maximum is chosen, and frees them again", async () => {
    const { user } = renderForm(genresForm({ maxCount: 2 }));
    expect(screen.getByText("2個まで選択できます。")).toBeInTheDocument();
    await user.click(screen.getByRole("checkbox", { name: "アニメ" }));
    await user.click(screen.getByRole("checkbox", { name: "ドラマ" }));
    expect(screen.getByRole("checkbox", { name: "映画" })).toBeDisabled();
    expect(screen.getByRole("checkbox", { name: "アニメ" })).toBeEnabled();
    await user.click(screen.getByRole("checkbox", { name: "アニメ" }));
    expect(screen.getByRole("checkbox", { name: "映画" })).toBeEnabled();
  });

  it("states a range of counts", () => {
    renderForm(genresForm({ minCount: 2, maxCount: 3 }));
    expect(screen.getByText("2〜3個選択してください。")).toBeInTheDocument();
  });

  it("shows store options in English when given", () => {
    renderForm(genresForm({}), {}, "en");
    expect(screen.getByRole("checkbox", { name: "Movies" })).toBeInTheDocument();
  });
});
