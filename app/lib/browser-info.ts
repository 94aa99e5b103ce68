import { UAParser } from "ua-parser-js";
import { isNativeAppAgent, MAX_USER_AGENT_LENGTH } from "../../schemas/native-app.ts";

export interface BrowserInfo {
  isApp: boolean;
  isAndroid: boolean;
  isMobile: boolean;
}

export { MAX_USER_AGENT_LENGTH };

/**
 * Derives the browser flags of the root data from a user agent (spec §3 Root data). The client is
 * the native app when the agent matches the store's marker pattern with two numeric version parts.
 */
export function parseBrowserInfo(userAgent: string | null, appUserAgentPattern: string): BrowserInfo {
  const ua = (userAgent ?? "").slice(0, MAX_USER_AGENT_LENGTH);
  const key = `${appUserAgentPattern}\n${ua}`;
  let info = recentAgents.get(key);
  if (!info) {
    info = browserInfoOf(ua, appUserAgentPattern);
    // Bounded, so that a client sending a new agent with every request only evicts older ones.
    if (recentAgents.size >= RECENT_AGENTS) recentAgents.delete(recentAgents.keys().next().value as string);
    recentAgents.set(key, info);
  }
  return { ...info };
}

/**
 * Parsing an agent is the root loader's largest cost after rendering (a profile of /login under load
 * put it at 2.4 % of the CPU), and most requests come from a few browsers: recent answers are kept.
 */
const RECENT_AGENTS = 1000;
const recentAgents = new Map<string, BrowserInfo>();

function browserInfoOf(ua: string, appUserAgentPattern: string): BrowserInfo {
  // Only the OS and the device are asked for: getResult() would also parse browser, engine and CPU.
  const parser = new UAParser(ua);
  const deviceType = parser.getDevice().type;
  return {
    isApp: isNativeAppAgent(ua, appUserAgentPattern),
    isAndroid: parser.getOS().name === "Android",
    isMobile: deviceType === "mobile" || deviceType === "tablet",
  };
}
