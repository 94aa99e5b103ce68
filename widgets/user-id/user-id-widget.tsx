import { getTemplate, type WidgetProps } from "@rjsf/utils";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { apiFailureOf, schemaFormContext } from "../form-context.ts";

/**
 * A user ID, checked for duplicates when the field is left (spec §5 User ID): if the value differs
 * from `ui:options.currentValue` and has the shape the field's schema asks for (an ID too short
 * keeps its own message, and is not sent), it is POSTed as {userId} to `ui:options.verifyPath`
 * (through the page's API helper) and a refusal's message is shown on the field. A reply that arrives after the user changed the value again is
 * dropped. If the check cannot be made (network), nothing is shown: the submit checks again.
 */
/** Whether `value` has the length and characters the schema asks for. */
export function hasSchemaShape(value: string, schema: WidgetProps["schema"]): boolean {
  const { minLength = 0, maxLength = Number.POSITIVE_INFINITY, pattern } = schema;
  const length = [...value].length;
  return length >= minLength && length <= maxLength && (!pattern || new RegExp(pattern, "u").test(value));
}

export function UserIdWidget(props: WidgetProps) {
  const BaseInputTemplate = getTemplate("BaseInputTemplate", props.registry, props.options);
  const { t } = useTranslation();
  const { id, name, onBlur, options, registry } = props;
  const { setFieldError, request } = schemaFormContext(registry);
  const latestChecked = useRef<string | null>(null);

  const verify = async (userId: string) => {
    const { verifyPath, currentValue } = options;
    if (typeof verifyPath !== "string" || userId === "" || userId === currentValue) return;
    if (!hasSchemaShape(userId, props.schema)) return;
    latestChecked.current = userId;
    try {
      await request(verifyPath, { method: "POST", body: { userId } });
      if (latestChecked.current === userId) setFieldError(name, null);
    } catch (error) {
      const { status, apiMessage } = apiFailureOf(error);
      // No answer (network): nothing to say; the submit checks again.
      if (status === 0 || latestChecked.current !== userId) return;
      setFieldError(name, apiMessage ?? t("widgets.genericError"));
    }
  };

  return (
    <BaseInputTemplate
      {...props}
      type="text"
      autoCapitalize="none"
      spellCheck={false}
      options={{ autocomplete: "username", ...options }}
      onChange={(value: unknown) => {
        latestChecked.current = null;
        props.onChange(value);
      }}
      onBlur={(_id: string, value: unknown) => {
        onBlur(id, value);
        void verify(typeof value === "string" ? value.trim() : "");
      }}
    />
  );
}
