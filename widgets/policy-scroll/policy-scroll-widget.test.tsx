// @vitest-environment jsdom
import { fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { lastSubmitted, renderForm, testForm } from "../test-utils.tsx";
import { isScrolledToEnd } from "./policy-scroll-widget.tsx";

const policyForm = (options: Record<string, unknown>) =>
  testForm(
    { terms: { type: "boolean", title: "利用規約", const: true } },
    { terms: { "ui:widget": "policyScroll", "ui:options": { policyTitle: "利用規約", ...options } } },
    ["terms"],
  );

/** jsdom does no layout: give the box the sizes a browser would measure. */
function boxSizes(scrollHeight: number, clientHeight: number) {
  vi.spyOn(Element.prototype, "scrollHeight", "get").mockReturnValue(scrollHeight);
  vi.spyOn(Element.prototype, "clientHeight", "get").mockReturnValue(clientHeight);
}

function scrollTo(element: HTMLElement, scrollTop: number) {
  Object.defineProperty(element, "scrollTop", { configurable: true, value: scrollTop });
  fireEvent.scroll(element);
}

afterEach(() => vi.restoreAllMocks());

describe("policy scroll box", () => {
  it("lets the policy be agreed to only once it was scrolled to within 10 px of its end", async () => {
    boxSizes(1000, 200);
    const { user, onSubmit, submit } = renderForm(policyForm({ renderData: "<h3>第1条</h3><p>本文</p>" }));
    const region = screen.getByRole("region", { name: "利用規約" });
    expect(region).toHaveAttribute("tabindex", "0");
    expect(region.querySelector("h3")).toHaveTextContent("第1条");
    const agree = screen.getByRole("checkbox", { name: "利用規約に同意する" });
    expect(agree).toBeDisabled();
    expect(screen.getByText("最後までスクロールすると同意できます。")).toBeInTheDocument();

    scrollTo(region, 789);
    expect(agree).toBeDisabled();
    scrollTo(region, 790);
    expect(agree).toBeEnabled();
    expect(screen.queryByText("最後までスクロールすると同意できます。")).toBeNull();

    await user.click(agree);
    await submit();
    expect(lastSubmitted(onSubmit)).toEqual({ terms: true });
  });

  it("counts a policy too short to scroll as read", () => {
    boxSizes(150, 200);
    renderForm(policyForm({ renderData: "<p>短い規約</p>" }));
    expect(screen.getByRole("checkbox", { name: "利用規約に同意する" })).toBeEnabled();
  });

  it("links an external policy in a new tab, its checkbox free to tick", () => {
    renderForm(policyForm({ isExternal: true, url: "https://example.jp/terms" }));
    const link = screen.getByRole("link", { name: "利用規約（新しいタブで開きます）" });
    expect(link).toHaveAttribute("href", "https://example.jp/terms");
    expect(link).toHaveAttribute("target", "_blank");
    expect(link).toHaveAttribute("rel", "noopener noreferrer");
    expect(screen.queryByRole("region")).toBeNull();
    expect(screen.getByRole("checkbox", { name: "利用規約に同意する" })).toBeEnabled();
  });
});

describe("isScrolledToEnd", () => {
  it.each([
    [0, 1000, 200, false],
    [789, 1000, 200, false],
    [790, 1000, 200, true],
    [800, 1000, 200, true],
    [0, 205, 200, true],
  ])("scrollTop %i of %i in a %i px box → %s", (scrollTop, scrollHeight, clientHeight, expected) => {
    expect(isScrolledToEnd({ scrollTop, scrollHeight, clientHeight })).toBe(expected);
  });
});
