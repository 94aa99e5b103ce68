import type { ObjectFieldTemplateProps } from "@rjsf/utils";
import { useFieldText } from "../labels.ts";

/**
 * The form body: an optional description (the form's own is the store's message shown above the
 * registration form) and the fields in uiSchema order. Page headings come from the screen.
 */
export function ObjectFieldTemplate({ properties, description, fieldPathId }: ObjectFieldTemplateProps) {
  const text = useFieldText();
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
