/**
 * Helpers for the widget and form tests: the real translator with our locale files, SchemaForm inside
 * its provider, small FormDefinitions, and the parts of <dialog> jsdom lacks.
 */
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { JSONSchema7 } from "json-schema";
import { I18nextProvider } from "react-i18next";
import { vi } from "vitest";
import { apiRequest } from "../app/lib/api-client.ts";
import en from "../locales/en/index.ts";
import { createI18n, type I18n } from "../locales/i18n.ts";
import ja from "../locales/ja/index.ts";
import type { FormDefinition, UiSchema } from "../schemas/form-definition.ts";
import { createFormValidator } from "../schemas/validation.ts";
import { SchemaForm, type SchemaFormProps } from "./schema-form.tsx";

export function createTestI18n(language: "ja" | "en" = "ja"): I18n {
  return createI18n(language, { ja, en });
}

/**
 * The runtime ajv validator with our keywords: the same errors as the precompiled modules pages
 * load (schemas/standalone-validators.test.ts holds the two together), without a server.
 */
export const testValidator = createFormValidator();

let formCount = 0;

/** A one-off form: the given properties, required names and uiSchema. */
export function testForm(
  properties: Record<string, JSONSchema7>,
  uiSchema: UiSchema = {},
  required: string[] = [],
): FormDefinition {
  formCount += 1;
  return {
    id: `test${formCount}`,
    version: "1",
    schema: { type: "object", properties, required },
    uiSchema,
  };
}

export interface RenderedForm {
  user: ReturnType<typeof userEvent.setup>;
  onSubmit: ReturnType<typeof vi.fn>;
  onChange: ReturnType<typeof vi.fn>;
  rerender(props?: Partial<SchemaFormProps>): void;
  submit(): Promise<void>;
}

export function renderForm(
  form: FormDefinition,
  props: Partial<SchemaFormProps> = {},
  language: "ja" | "en" = "ja",
): RenderedForm {
  const i18n = createTestI18n(language);
  const onSubmit = vi.fn();
  const onChange = vi.fn();
  const user = userEvent.setup();
  const element = (extra: Partial<SchemaFormProps>) => (
    <I18nextProvider i18n={i18n}>
      <SchemaForm
        form={form}
        onSubmit={onSubmit}
        onChange={onChange}
        validator={testValidator}
        // The page's helper, as screen forms give it: tests stub `fetch` beneath it.
        request={apiRequest}
        {...props}
        {...extra}
      />
    </I18nextProvider>
  );
  const result = render(element({}));
  return {
    user,
    onSubmit,
    onChange,
    rerender: (extra = {}) => result.rerender(element(extra)),
    submit: () =>
      user.click(screen.getByRole("button", { name: i18n.t(props.submitLabelKey ?? "form.submit") })),
  };
}

/** The submitted data of the last successful submit. */
export function lastSubmitted(onSubmit: ReturnType<typeof vi.fn>): unknown {
  return onSubmit.mock.lastCall?.[0];
}

/**
 * jsdom has <dialog> without showModal/close; this adds what our ModalDialog uses, keeping the
 * `open` attribute (and with it the accessibility tree) as a browser would.
 */
export function installDialogPolyfill(): void {
  const proto = HTMLDialogElement.prototype;
  if (typeof proto.showModal === "function") return;
  proto.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute("open", "");
  };
  proto.close = function close(this: HTMLDialogElement) {
    this.removeAttribute("open");
    this.dispatchEvent(new Event("close"));
  };
  Object.defineProperty(proto, "open", {
    configurable: true,
    get(this: HTMLDialogElement) {
      return this.hasAttribute("open");
    },
  });
}
