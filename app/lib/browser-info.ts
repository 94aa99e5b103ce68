import { UAParser } from "ua-parser-js";

export interface BrowserInfo {
  isApp: boolean;
  isAndroid: boolean;
  isMobile: boolean;
}

export const MAX_USER_AGENT_LENGTH = 500;

/**
 * Derives the browser flags of the root data from a user agent (spec §3 Root data). The client is
 * the native app when the agent matches the store's marker pattern with two numeric version parts.
 */
export function parseBrowserInfo(userAgent: string | null, appUserAgentPattern: string): BrowserInfo {
  const ua = (userAgent ?? "").slice(0, MAX_USER_AGENT_LENGTH);
  const result = new UAParser(ua).getResult();
  const deviceType = result.device.type;
  return {
    isApp: matchesAppMarker(ua, appUserAgentPattern),
    isAndroid: result.os.name === "Android",
    isMobile: deviceType === "mobile" || deviceType === "tablet",
  };
}

function matchesAppMarker(ua: string, pattern: string): boolean {
  let match: RegExpExecArray | null;
  try {
    match = new RegExp(pattern).exec(ua);
  } catch {
    return false;
  }
  return Boolean(match && /^\d+$/.test(match[1] ?? "") && /^\d+$/.test(match[2] ?? ""));
}
