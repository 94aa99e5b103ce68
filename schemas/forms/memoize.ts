import type { FormBuilder, FormDefinition } from "../form-definition.ts";

/** cyrb53: a fast 53-bit string hash that runs in the browser and on the server alike. */
function digest(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/**
 * Wraps a pure builder so that the same settings version and input give back the very same
 * FormDefinition object (rjsf and the validator cache then do no work). The definition's version is
 * the settings version plus a digest of the input, so forms built from different screen data (a
 * policy list, the member's current user ID) never share a compiled validator.
 */
export function memoizeByVersion<Input>(
  build: (input: Input) => Omit<FormDefinition, "version">,
  capacity = 32,
): FormBuilder<Input> {
  const cache = new Map<string, FormDefinition>();
  return (input, version) => {
    const inputKey = JSON.stringify(input) ?? "";
    const key = `${version}\u0000${inputKey}`;
    const cached = cache.get(key);
    if (cached) {
      // Re-insert so the Map's order is least recently used first.
      cache.delete(key);
      cache.set(key, cached);
      return cached;
    }
    const definition: FormDefinition = { ...build(input), version: `${version}.${digest(inputKey)}` };
    cache.set(key, definition);
    if (cache.size > capacity) {
      const oldest = cache.keys().next().value;
      if (oldest !== undefined) cache.delete(oldest);
    }
    return definition;
  };
}
