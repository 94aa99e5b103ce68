import type { ObjectFieldTemplateProps } from "@rjsf/utils";
import { useTranslation } from "react-i18next";
import type { FormUiOptions } from "../../schemas/form-definition.ts";
import { useFieldText } from "../labels.ts";

/**
 * The form body: an optional description (the form's own is the store's message shown above the
 * registration form) and the fields in uiSchema order. Page headings come from the screen.
 */
export function ObjectFieldTemplate(props: ObjectFieldTemplateProps) {
  const { properties, fieldPathId, uiSchema } = props;
  const text = useFieldText();
  const { i18n } = useTranslation();
  const english = (uiSchema?.["ui:options"] as FormUiOptions | undefined)?.descriptionEn;
  const description = i18n.language === "en" && english ? english : props.description;
  return (
    <div className="sf-fields">
      {description && (
        <div id={`${fieldPathId.$id}__description`} className="sf-fields__description">
          {typeof description === "string" ? text.text(description) : description}
        </div>
      )}
      {properties.map((property) => property.content)}
    </div>
  );
}
