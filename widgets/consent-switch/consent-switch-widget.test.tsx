// @vitest-environment jsdom
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderForm, testForm } from "../test-utils.tsx";

const consentForm = () =>
  testForm(
    { newsletter: { type: "boolean", title: "メールマガジンを受け取る" } },
    { newsletter: { "ui:widget": "consentSwitch" } },
  );

describe("consent switch", () => {
  it("is a switch named by its label that toggles with a click or Space", async () => {
    const { user, onChange } = renderForm(consentForm(), { formData: { newsletter: false } });
    const control = screen.getByRole("switch", { name: "メールマガジンを受け取る" });
    expect(control).toHaveAttribute("aria-checked", "false");
    await user.click(control);
    expect(control).toHaveAttribute("aria-checked", "true");
    expect(onChange.mock.lastCall?.[0]).toEqual({ newsletter: true });
    await user.keyboard(" ");
    expect(control).toHaveAttribute("aria-checked", "false");
  });

  it("toggles when its label is clicked", async () => {
    const { user } = renderForm(consentForm(), { formData: { newsletter: true } });
    await user.click(screen.getByText("メールマガジンを受け取る"));
    expect(screen.getByRole("switch")).toHaveAttribute("aria-checked", "false");
  });

  it("is disabled while its update is in flight", async () => {
    const { user, rerender } = renderForm(consentForm(), { formData: { newsletter: false } });
    rerender({ pendingFields: ["newsletter"] });
    const control = screen.getByRole("switch");
    expect(control).toBeDisabled();
    expect(control).toHaveAttribute("aria-busy", "true");
    await user.click(control);
    expect(control).toHaveAttribute("aria-checked", "false");
    rerender({ pendingFields: [] });
    expect(control).toBeEnabled();
  });
});
