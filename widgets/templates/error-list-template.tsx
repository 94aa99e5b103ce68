import type { ErrorListProps, RJSFSchema } from "@rjsf/utils";
import type { MouseEvent } from "react";
import { useTranslation } from "react-i18next";
import { fieldNameOfError, focusField } from "../focus-field.ts";
import { useFieldText } from "../labels.ts";

/**
 * The summary above the form after a failed submit: one line per error, each a link that moves
 * focus to its field (errors on the form as a whole are listed without a link).
 */
export function ErrorListTemplate({ errors, registry, uiSchema }: ErrorListProps) {
  const { t } = useTranslation();
  const text = useFieldText();
  const { idPrefix, idSeparator } = registry.globalFormOptions;
  const properties = (registry.rootSchema.properties ?? {}) as Record<string, RJSFSchema>;

  const goToField = (name: string) => (event: MouseEvent<HTMLAnchorElement>) => {
    const form = event.currentTarget.closest("form");
    if (form && focusField(form, name)) event.preventDefault();
  };

  return (
    <div className="sf-error-summary" role="alert" aria-labelledby={`${idPrefix}-error-summary`}>
      <h2 id={`${idPrefix}-error-summary`} className="sf-error-summary__title">
        {t("form.errorSummary", { count: errors.length })}
      </h2>
      <ul className="sf-error-summary__list">
        {errors.map((error, index) => {
          const name = fieldNameOfError(error.property);
          const schema = properties[name];
          if (!name || !schema) return <li key={index}>{error.message}</li>;
          const label = text.label(schema, uiSchema?.[name], name);
          return (
            <li key={index}>
              <a href={`#${idPrefix}${idSeparator}${name}`} onClick={goToField(name)}>
                {t("form.errorSummaryItem", { label, message: error.message })}
              </a>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
