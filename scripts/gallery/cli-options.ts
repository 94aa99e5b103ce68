import { parseArgs } from "node:util";
import { isLanguage, type Language } from "../../locales/index.ts";
import { UsageError } from "../command.ts";

export const USAGE =
  "usage: npm run gallery -- [--store config/store.json] [--out gallery-out] [--lang ja|en] [--no-fail]";

export interface GalleryOptions {
  storeFile: string;
  outDir: string;
  language: Language;
  /** Report serious and critical accessibility violations without failing. */
  failOnViolations: boolean;
}

/** Bad usage, with the usage line after the reason. */
function usageError(reason: string): UsageError {
  return new UsageError(`${reason}\n${USAGE}`);
}

/** The command line of scripts/gallery.ts. */
export function parseGalleryOptions(args: readonly string[]): GalleryOptions {
  let values: { store?: string; out?: string; lang?: string; "no-fail"?: boolean };
  try {
    ({ values } = parseArgs({
      args: [...args],
      options: {
        store: { type: "string" },
        out: { type: "string" },
        lang: { type: "string" },
        "no-fail": { type: "boolean" },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw usageError((error as Error).message);
  }
  const language = values.lang ?? "ja";
  if (!isLanguage(language)) throw usageError(`--lang must be ja or en, not "${language}"`);
  return {
    storeFile: values.store ?? "config/store.json",
    outDir: values.out ?? "gallery-out",
    language,
    failOnViolations: values["no-fail"] !== true,
  };
}
