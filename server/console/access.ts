/**
 * Who may reach the console at all: CONSOLE_ENABLED turns it off, CONSOLE_ALLOWED_IPS keeps it to
 * the listed addresses and networks. Anything else gets the site's plain 404 for /console and
 * /zapi/console: the console does not say it exists to whom may not use it.
 */
import { BlockList, isIP } from "node:net";

export interface ConsoleAccess {
  enabled: boolean;
  /** Addresses and CIDR networks (CONSOLE_ALLOWED_IPS); null = any address. */
  allowedAddresses: readonly string[] | null;
}

/** The console's pages and its API calls. */
export function isConsolePath(path: string): boolean {
  return /^\/(?:zapi\/)?console(?:\/|$)/.test(path);
}

/**
 * The entries of CONSOLE_ALLOWED_IPS ("203.0.113.7, 198.51.100.0/24, 2001:db8::/32"), or the
 * reason one is not an address or a network.
 */
export function parseAllowedAddresses(raw: string): { entries: string[] } | { error: string } {
  const entries = raw
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const [address = "", prefix, ...rest] = entry.split("/");
    const family = isIP(address);
    const bits = family === 4 ? 32 : 128;
    const prefixOk = prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= bits);
    if (family === 0 || rest.length > 0 || !prefixOk)
      return { error: `"${entry}" is not an address or a network` };
  }
  return { entries };
}

/** Answers whether a client address may reach the console. */
export function consoleGate(access: ConsoleAccess): (address: string | null) => boolean {
  if (!access.enabled) return () => false;
  if (access.allowedAddresses === null) return () => true;
  const list = new BlockList();
  for (const entry of access.allowedAddresses) {
    const [address = "", prefix] = entry.split("/");
    const type = isIP(address) === 6 ? "ipv6" : "ipv4";
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return (address) => {
    if (!address) return false;
    // An IPv4 client on a dual-stack socket is named ::ffff:a.b.c.d.
    const plain = address.startsWith("::ffff:") && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
    const family = isIP(plain);
    return family !== 0 && list.check(plain, family === 6 ? "ipv6" : "ipv4");
  };
}
