import type { ErrorListProps, RJSFSchema } from "@rjsf/utils";
import type { MouseEvent } from "react";
import { useTranslation } from "react-i18next";
import { fieldNameOfError, focusField } from "../focus-field.ts";
import { useFieldText } from "../labels.ts";

/** Every field of the form by name: its own, and those a choice shows (the branches of allOf's if/then). */
function fieldSchemas(root: RJSFSchema): Record<string, RJSFSchema> {
  const branches = (root.allOf ?? []).flatMap((branch) =>
    typeof branch === "object" && typeof branch.then === "object" ? [branch.then.properties ?? {}] : [],
  );
  return Object.assign({}, ...branches, root.properties ?? {}) as Record<string, RJSFSchema>;
}

/**
 * The summary above the form after a failed submit: how many fields need attention and a link to
 * each (by its label: the message itself is under the field, not repeated here); errors on the form
 * as a whole are listed as text. The form moves focus here after a failed submit. One wrong field
 * alone has no summary: its message under it says it all, and the focus goes there (issue 41 §13).
 */
export function ErrorListTemplate({ errors, registry, uiSchema }: ErrorListProps) {
  const { t } = useTranslation();
  const text = useFieldText();
  const { idPrefix, idSeparator } = registry.globalFormOptions;
  const properties = fieldSchemas(registry.rootSchema);

  const goToField = (name: string) => (event: MouseEvent<HTMLAnchorElement>) => {
    const form = event.currentTarget.closest("form");
    if (form && focusField(form, name)) event.preventDefault();
  };

  const fields = new Set<string>();
  const items = errors.flatMap((error, index) => {
    const name = fieldNameOfError(error.property);
    const schema = properties[name];
    if (!name || !schema) return [<li key={`form-${index}`}>{error.message}</li>];
    if (fields.has(name)) return [];
    fields.add(name);
    return [
      <li key={name}>
        <a href={`#${idPrefix}${idSeparator}${name}`} onClick={goToField(name)}>
          {text.label(schema, uiSchema?.[name], name)}
        </a>
      </li>,
    ];
  });

  if (items.length === 1 && fields.size === 1) return null;
  return (
    <div
      className="sf-error-summary"
      role="alert"
      tabIndex={-1}
      aria-labelledby={`${idPrefix}-error-summary`}
    >
      <h2 id={`${idPrefix}-error-summary`} className="sf-error-summary__title">
        {t("form.errorSummary", { count: items.length })}
      </h2>
      <ul className="sf-error-summary__list">{items}</ul>
    </div>
  );
}
