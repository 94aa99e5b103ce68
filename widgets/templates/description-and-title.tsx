import type { DescriptionFieldProps, TitleFieldProps } from "@rjsf/utils";
import { useFieldText } from "../labels.ts";

/** A description of an object or array (field descriptions are drawn by FieldTemplate). */
export function DescriptionFieldTemplate({ id, description }: DescriptionFieldProps) {
  const text = useFieldText();
  if (!description) return null;
  return (
    <div id={id} className="sf-description">
      {typeof description === "string" ? text.text(description) : description}
    </div>
  );
}

/** The title of a nested object or array; the form itself is titled by its page. */
export function TitleFieldTemplate({ id, title }: TitleFieldProps) {
  const text = useFieldText();
  if (!title) return null;
  return (
    <h3 id={id} className="sf-title">
      {text.text(title)}
    </h3>
  );
}
