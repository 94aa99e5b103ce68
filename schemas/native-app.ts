/**
 * Whether a user agent is the store's native app (spec §3 Root data `isApp`): it matches the store's
 * marker pattern (`appUserAgentPattern`) with two numeric version parts. One rule for the pages
 * (app/lib/browser-info.ts) and the API (what the app does not offer, such as the sign-up's plans).
 */
/** How much of a user agent is read: a longer one is cut here, by the pages and the API alike. */
export const MAX_USER_AGENT_LENGTH = 500;

export function isNativeAppAgent(userAgent: string, pattern: string): boolean {
  let match: RegExpExecArray | null;
  try {
    match = new RegExp(pattern).exec(userAgent.slice(0, MAX_USER_AGENT_LENGTH));
  } catch {
    return false;
  }
  return Boolean(match && /^\d+$/.test(match[1] ?? "") && /^\d+$/.test(match[2] ?? ""));
}
