import {
  descriptionId,
  errorId,
  type FieldTemplateProps,
  getUiOptions,
  helpId,
  type RJSFSchema,
  titleId,
  type UiSchema,
} from "@rjsf/utils";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { schemaFormContext } from "../form-context.ts";
import { useFieldText } from "../labels.ts";

/**
 * How a field is laid out around its widget:
 * - "control": one control named by a <label for>;
 * - "group": several controls (radios, boxes, a policy and its checkbox) named by a fieldset legend;
 * - "inline": a control that carries its own label beside it (checkbox, switch).
 */
type FieldLayout = "control" | "group" | "inline";

const GROUP_WIDGETS = new Set([
  "radio",
  "checkboxes",
  "checkboxGroup",
  "pinCode",
  "paymentMethodType",
  "policyScroll",
]);
const INLINE_WIDGETS = new Set(["checkbox"]);

export function widgetName(schema: RJSFSchema, uiSchema: UiSchema | undefined): string {
  const { widget } = getUiOptions(uiSchema);
  if (typeof widget === "string") return widget;
  if (schema.type === "boolean") return "checkbox";
  if (schema.type === "array") return "checkboxGroup";
  return "text";
}

function layoutOf(widget: string): FieldLayout {
  if (GROUP_WIDGETS.has(widget)) return "group";
  if (INLINE_WIDGETS.has(widget)) return "inline";
  return "control";
}

export function RequirementBadge({ required }: { required: boolean }) {
  const { t } = useTranslation();
  return (
    <span className={`sf-badge ${required ? "sf-badge--required" : "sf-badge--optional"}`}>
      {t(required ? "form.required" : "form.optional")}
    </span>
  );
}

/** Field errors, each prefixed with ※ in Japanese (spec §5); announced only once the user has tried to submit. */
export function FieldErrors({ id, errors, announce }: { id: string; errors: string[]; announce: boolean }) {
  const { t } = useTranslation();
  if (errors.length === 0) return null;
  return (
    <div id={id} className="sf-field__errors" role={announce ? "alert" : undefined}>
      {errors.map((message, index) => (
        <p key={index} className="sf-field__error">
          {t("form.fieldError", { message })}
        </p>
      ))}
    </div>
  );
}

/**
 * Every field's frame: label with a 必須/任意 badge, description, the widget, errors and help.
 * The container carries data-field and data-required so pages, tests and focus handling can find
 * a field by its property name.
 */
export function FieldTemplate(props: FieldTemplateProps) {
  const { id, children, rawErrors, rawHelp, rawDescription, hidden, hideError, required = false } = props;
  const { schema, uiSchema, registry, fieldPathId, classNames, style } = props;
  const text = useFieldText();
  const name = fieldPathId.path.at(-1);

  // The root object and nested objects only hold fields; ObjectFieldTemplate lays them out.
  if (name === undefined || schema.type === "object") return children;

  const dataAttributes = { "data-field": String(name), "data-required": String(required) };
  if (hidden) {
    return (
      <div hidden {...dataAttributes}>
        {children}
      </div>
    );
  }

  const uiOptions = getUiOptions(uiSchema);
  const label = text.label(schema, uiSchema, String(name));
  const labelHidden = uiOptions.label === false;
  const layout = layoutOf(widgetName(schema, uiSchema));
  const errors = hideError ? [] : (rawErrors ?? []).filter(Boolean);
  const description = text.description(uiSchema, rawDescription);
  const { announceErrors, fieldExtras } = schemaFormContext(registry);
  const className = ["sf-field", `sf-field--${layout}`, errors.length > 0 && "sf-field--invalid", classNames]
    .filter(Boolean)
    .join(" ");

  const labelContent = (
    <>
      <span className={labelHidden ? "sf-visually-hidden" : "sf-field__label-text"}>{label}</span>{" "}
      <RequirementBadge required={required} />
    </>
  );
  const details: ReactNode = (
    <>
      {description && (
        <p id={descriptionId(id)} className="sf-field__description">
          {description}
        </p>
      )}
      {layout !== "inline" && children}
      <FieldErrors id={errorId(id)} errors={errors} announce={announceErrors} />
      {rawHelp && (
        <p id={helpId(id)} className="sf-field__help">
          {text.text(rawHelp)}
        </p>
      )}
      {fieldExtras[String(name)]}
    </>
  );

  if (layout === "group") {
    return (
      <fieldset className={className} style={style} {...dataAttributes}>
        <legend id={titleId(id)} className="sf-field__label">
          {labelContent}
        </legend>
        {details}
      </fieldset>
    );
  }

  if (layout === "inline") {
    return (
      <div className={className} style={style} {...dataAttributes}>
        <div className="sf-field__inline">
          {children}
          <RequirementBadge required={required} />
        </div>
        {details}
      </div>
    );
  }

  return (
    <div className={className} style={style} {...dataAttributes}>
      <label id={titleId(id)} htmlFor={id} className="sf-field__label">
        {labelContent}
      </label>
      {details}
    </div>
  );
}
