import { getSubmitButtonOptions, type IconButtonProps, type SubmitButtonProps } from "@rjsf/utils";
import { useTranslation } from "react-i18next";
import { FORM_ID_FIELD } from "../../schemas/form-post.ts";
import { schemaFormContext } from "../form-context.ts";

/**
 * The submit button, with the form's summary message right above it: the message refers to the
 * errors "above" (上記エラー内容をご確認ください). While the form is sent the button shows a spinner
 * (the site's .btn[aria-busy]) and stays disabled so a second click cannot send twice; pages can also hold it disabled.
 */
export function SubmitButton({ uiSchema, registry }: SubmitButtonProps) {
  const { t } = useTranslation();
  const { norender } = getSubmitButtonOptions(uiSchema);
  const { busy, submitDisabled, formId, submitLabel, summary, irreversible } = schemaFormContext(registry);
  if (norender) return null;
  return (
    <div className="sf-actions">
      {summary && (
        <p className="sf-actions__summary" role="alert">
          {summary}
        </p>
      )}
      <button
        type="submit"
        // Posted with the form (also on Enter): the route action reads which form was sent.
        name={FORM_ID_FIELD}
        value={formId}
        className={irreversible ? "btn btn--danger" : "btn btn--primary"}
        disabled={busy || submitDisabled}
        aria-busy={busy || undefined}
      >
        {submitLabel || t("form.submit")}
      </button>
    </div>
  );
}

function TextButton({
  labelKey,
  registry: _registry,
  uiSchema: _uiSchema,
  iconType: _iconType,
  icon: _icon,
  className,
  ...buttonProps
}: IconButtonProps & { labelKey: string }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className={["btn btn--secondary btn--sm", className].filter(Boolean).join(" ")}
      {...buttonProps}
    >
      {t(labelKey)}
    </button>
  );
}

/* Array item buttons; our forms hardly use free arrays, so plain labelled buttons are enough. */
export const AddButton = (props: IconButtonProps) => <TextButton labelKey="form.add" {...props} />;
export const RemoveButton = (props: IconButtonProps) => <TextButton labelKey="form.remove" {...props} />;
export const MoveUpButton = (props: IconButtonProps) => <TextButton labelKey="form.moveUp" {...props} />;
export const MoveDownButton = (props: IconButtonProps) => <TextButton labelKey="form.moveDown" {...props} />;
export const CopyButton = (props: IconButtonProps) => <TextButton labelKey="form.copy" {...props} />;
export const ClearButton = (props: IconButtonProps) => <TextButton labelKey="form.clear" {...props} />;
