/**
 * Stands in for fast-equals in the browser: vite.config.ts points `fast-equals` here. rjsf's one use
 * is `deepEquals` (@rjsf/utils), made by `createCustomEqual` with "functions are equal" and circular
 * references tracked, to compare form data, schemas and uiSchemas: JSON values, with functions,
 * dates and the odd Map or Set. This gives the same answers on those (widgets/deep-equal.test.ts
 * holds it to fast-equals) in a tenth of the code: 7.6 KB off every form page (issue 28). The
 * server keeps fast-equals.
 */

type Comparator = (a: unknown, b: unknown) => boolean;

interface CustomConfig {
  areFunctionsEqual?: (a: unknown, b: unknown) => boolean;
}

export interface CustomEqualOptions {
  circular?: boolean;
  createCustomConfig?: () => CustomConfig;
}

const tagOf = (value: object) => Object.prototype.toString.call(value);

export function createCustomEqual({
  circular = false,
  createCustomConfig,
}: CustomEqualOptions = {}): Comparator {
  const areFunctionsEqual = createCustomConfig?.().areFunctionsEqual ?? ((a, b) => a === b);
  // Pairs under comparison, so that a structure referring to itself ends the recursion.
  let visiting: WeakMap<object, object> | null = null;

  function equal(a: unknown, b: unknown): boolean {
    if (a === b) return true;
    if (a == null || b == null || typeof a !== typeof b) return false;
    if (typeof a === "number") return Number.isNaN(a) && Number.isNaN(b);
    if (typeof a === "function") return areFunctionsEqual(a, b);
    if (typeof a !== "object" || typeof b !== "object") return false;
    if (a.constructor !== b.constructor) return false;
    if (circular) {
      visiting ??= new WeakMap();
      if (visiting.get(a) === b) return true;
      visiting.set(a, b);
      try {
        return compareObjects(a, b);
      } finally {
        visiting.delete(a);
      }
    }
    return compareObjects(a, b);
  }

  function compareObjects(a: object, b: object): boolean {
    if (Array.isArray(a)) {
      const other = b as unknown[];
      return a.length === other.length && a.every((item, index) => equal(item, other[index]));
    }
    if (a instanceof Date) {
      const [x, y] = [a.getTime(), (b as Date).getTime()];
      return x === y || (Number.isNaN(x) && Number.isNaN(y));
    }
    if (a instanceof RegExp) return a.source === (b as RegExp).source && a.flags === (b as RegExp).flags;
    if (a instanceof Map) {
      const other = b as Map<unknown, unknown>;
      return (
        a.size === other.size &&
        [...a].every(([key, value]) => other.has(key) && equal(value, other.get(key)))
      );
    }
    if (a instanceof Set) {
      const other = b as Set<unknown>;
      return (
        a.size === other.size &&
        [...a].every((value) => other.has(value) || [...other].some((item) => equal(value, item)))
      );
    }
    // Plain objects, class instances alike; other built-ins (File, Error, …) only when identical.
    if (tagOf(a) !== "[object Object]") return false;
    const keys = Object.keys(a);
    if (keys.length !== Object.keys(b).length) return false;
    const record = a as Record<string, unknown>;
    const other = b as Record<string, unknown>;
    // A React element's owner differs between two renders of the same element.
    const isElement = "$$typeof" in record;
    return keys.every(
      (key) =>
        Object.hasOwn(other, key) && ((isElement && key === "_owner") || equal(record[key], other[key])),
    );
  }

  return equal;
}
