/** Route patterns filled with their parameters (kept apart from screens.ts, which holds every screen). */

/** `/zapi/login/multi-factor/:type` with `{type: "otp"}` → `/zapi/login/multi-factor/otp`. */
export function fillPath(pattern: string, params: Readonly<Record<string, string | undefined>>): string {
  return pattern.replace(/:([A-Za-z0-9_]+)/g, (_whole, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing route parameter "${name}" for ${pattern}`);
    return encodeURIComponent(value);
  });
}
