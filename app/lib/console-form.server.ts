/**
 * What the console's actions share: reading a posted form's fields, and the API's per-field
 * messages of a refused call, to show each on its field.
 */
import type { ApiCallResult } from "./zapi.server.ts";

/** The posted form's text fields, trimmed; "" for a missing one (the API then says what is wrong). */
export async function postedFields(request: Request): Promise<(name: string, trim?: boolean) => string> {
  const form = await request.formData().catch(() => null);
  return (name, trim = true) => {
    const value = form?.get(name);
    if (typeof value !== "string") return "";
    return trim ? value.trim() : value;
  };
}

/** The first message the API gave for each field of a refused call. */
export function fieldMessages(result: ApiCallResult): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const error of Array.isArray(result.answer.errors) ? result.answer.errors : []) {
    const { field, message } = error as { field?: unknown; message?: unknown };
    if (typeof field === "string" && typeof message === "string" && !fields[field]) fields[field] = message;
  }
  return fields;
}
