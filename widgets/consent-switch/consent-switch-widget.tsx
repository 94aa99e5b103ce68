import { ariaDescribedByIds, type WidgetProps } from "@rjsf/utils";
import { useTranslation } from "react-i18next";
import { schemaFormContext } from "../form-context.ts";
import { useFieldText } from "../labels.ts";

/**
 * An on/off switch for a consent option (newsletter, privacy). While its own update is in flight
 * (the page lists the field in SchemaForm's `pendingFields`) it is disabled, so a second toggle
 * cannot race the first (spec §4 Consent switch).
 */
export function ConsentSwitchWidget(props: WidgetProps) {
  const { id, name, value, disabled, readonly, autofocus, schema, uiSchema, label, registry } = props;
  const { t } = useTranslation();
  const text = useFieldText();
  const pending = schemaFormContext(registry).pendingFields.includes(name);
  const on = value === true;
  return (
    <span className="sf-switch">
      <button
        type="button"
        role="switch"
        id={id}
        className="sf-switch__control"
        aria-checked={on}
        aria-busy={pending || undefined}
        disabled={disabled || readonly || pending}
        // biome-ignore lint/a11y/noAutofocus: only when a uiSchema asks for it (ui:autofocus)
        autoFocus={autofocus}
        onClick={() => props.onChange(!on)}
        onBlur={() => props.onBlur(id, on)}
        onFocus={() => props.onFocus(id, on)}
        aria-describedby={ariaDescribedByIds(id)}
      >
        <span className="sf-switch__track" aria-hidden="true">
          <span className="sf-switch__thumb" />
        </span>
        <span className="sf-switch__state" aria-hidden="true">
          {t(on ? "widgets.switch.on" : "widgets.switch.off")}
        </span>
      </button>
      <label htmlFor={id} className="sf-switch__label">
        {text.label(schema, uiSchema, label)}
      </label>
    </span>
  );
}
