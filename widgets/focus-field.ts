/** The top-level property an rjsf error belongs to: ".familyName", "familyName" and ".address.city" → the first name. */
export function fieldNameOfError(property: string | undefined): string {
  return (property ?? "").replace(/^\./, "").split(/[.[]/)[0] ?? "";
}

const FOCUSABLE =
  "input:not([type=hidden]):not([disabled]), select:not([disabled]), textarea:not([disabled]), button:not([disabled]), [tabindex]:not([tabindex='-1'])";

/**
 * Moves focus to the first control of the field container `[data-field=name]` and scrolls it into
 * view. Returns false when the field is not on the page.
 */
export function focusField(root: ParentNode, name: string): boolean {
  const container = fieldContainers(root).find((element) => element.dataset.field === name);
  if (!container) return false;
  const control = container.querySelector<HTMLElement>(FOCUSABLE);
  container.scrollIntoView?.({ block: "center", behavior: "smooth" });
  control?.focus({ preventScroll: true });
  return true;
}

/** Of the given field names, the one that comes first on the page. */
export function firstFieldInPageOrder(root: ParentNode, names: Iterable<string>): string | undefined {
  const wanted = new Set(names);
  return fieldContainers(root)
    .map((container) => container.dataset.field)
    .find((name) => name !== undefined && wanted.has(name));
}

// Compared in code rather than by selector: store-defined field names may hold any character.
function fieldContainers(root: ParentNode): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>("[data-field]")];
}
