// @vitest-environment jsdom
import { render, screen } from "@testing-library/react";
import { Markdown } from "markdown-to-jsx/react";
import { describe, expect, it } from "vitest";

describe("markdown-to-jsx, as rjsf imports it", () => {
  it("is our plain-text stand-in: markup stays text, nothing is parsed", () => {
    const { container } = render(
      <Markdown>{"**太字** <img src=x onerror=alert(1)> [link](javascript:x)"}</Markdown>,
    );
    expect(screen.getByText("**太字** <img src=x onerror=alert(1)> [link](javascript:x)")).toBeTruthy();
    expect(container.querySelector("strong, img, a")).toBeNull();
  });
});
