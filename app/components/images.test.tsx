// @vitest-environment jsdom
import { fireEvent, render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { OptionalImage } from "./images.tsx";

describe("OptionalImage", () => {
  it("shows the image, and nothing once it fails to load (no broken-image icon)", () => {
    const { container } = render(<OptionalImage src="https://rp.example/logo.png" alt="" className="logo" />);
    const image = container.querySelector("img.logo");
    expect(image).toHaveAttribute("src", "https://rp.example/logo.png");
    fireEvent.error(image as HTMLImageElement);
    expect(container.querySelector("img")).not.toBeInTheDocument();
  });
});
