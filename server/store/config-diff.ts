/**
 * What changed between two versions of a configuration, field by field: the console lists it
 * before a publication and beside each version of the history.
 */
import { canonicalJson } from "./config-versions.ts";

export interface ContentChange {
  /** Dotted path of the field, list items by position: "accountRegistrationSetting.nameKana". */
  path: string;
  /** The value before and after; absent when the field did not exist on that side. */
  before?: unknown;
  after?: unknown;
}

/** At most this many changes are listed: past it the list says so rather than growing. */
export const MAX_LISTED_CHANGES = 200;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** The fields that differ, in the order of the older content's keys, then new ones. */
export function contentChanges(before: unknown, after: unknown): ContentChange[] {
  const changes: ContentChange[] = [];
  const visit = (left: unknown, right: unknown, path: string) => {
    if (changes.length >= MAX_LISTED_CHANGES) return;
    if (left === undefined && right === undefined) return;
    // An object or list added or removed whole is listed field by field, like one that changed.
    if ((isPlainObject(left) || isPlainObject(right)) && !Array.isArray(left) && !Array.isArray(right)) {
      const [from, to] = [left ?? {}, right ?? {}];
      if (isPlainObject(from) && isPlainObject(to)) {
        const names = [...Object.keys(from), ...Object.keys(to).filter((name) => !(name in from))];
        for (const name of names) visit(from[name], to[name], path ? `${path}.${name}` : name);
        return;
      }
    }
    if ((Array.isArray(left) || Array.isArray(right)) && !isPlainObject(left) && !isPlainObject(right)) {
      const [from, to] = [left ?? [], right ?? []];
      if (Array.isArray(from) && Array.isArray(to)) {
        for (let index = 0; index < Math.max(from.length, to.length); index += 1) {
          visit(from[index], to[index], `${path}.${index}`);
        }
        return;
      }
    }
    if (left !== undefined && right !== undefined && canonicalJson(left) === canonicalJson(right)) return;
    changes.push({
      path,
      ...(left === undefined ? {} : { before: left }),
      ...(right === undefined ? {} : { after: right }),
    });
  };
  visit(before, after, "");
  return changes;
}

/** What a sealed secret (a field named sealed_…) shows: that it is there, never what it is. */
export const SEALED_SHOWN = "********";

/** A value as the change list shows it: JSON text, cut short; a sealed secret masked. */
export function shownValue(value: unknown, path = "", limit = 160): string | null {
  if (value === undefined) return null;
  if (/(^|\.)sealed_[^.]*$/.test(path)) return SEALED_SHOWN;
  const text = typeof value === "string" ? value : JSON.stringify(value);
  return text.length > limit ? `${text.slice(0, limit - 1)}…` : text;
}
