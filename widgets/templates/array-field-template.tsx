import type { ArrayFieldTemplateProps } from "@rjsf/utils";

/**
 * Free-length arrays are rare here (lists of choices use the checkboxGroup widget), so items are
 * simply stacked with an add button when more are allowed.
 */
export function ArrayFieldTemplate({
  items,
  canAdd,
  onAddClick,
  disabled,
  readonly,
  registry,
}: ArrayFieldTemplateProps) {
  const { AddButton } = registry.templates.ButtonTemplates;
  return (
    <div className="sf-array">
      {items}
      {canAdd && !readonly && <AddButton registry={registry} onClick={onAddClick} disabled={disabled} />}
    </div>
  );
}
