/**
 * `npm run config:export`: writes the store settings in force — the newest version, which may have
 * been published in the console — back to the store file (STORE_CONFIG), so that the files in the
 * repository or on the machine say what the store runs with. Against DATA_DIR / DATABASE_URL; on
 * the embedded database the server must be stopped (PGlite has one owning process). A running
 * server imports the written file as a version with the same content.
 */
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { openDatabase } from "../server/db/database.ts";
import { DirectoryLockedError } from "../server/db/directory-lock.ts";
import { type Env, EnvError, parseEnv } from "../server/env.ts";
import { newestVersion } from "../server/store/config-versions.ts";
import { parseStoreSettings } from "../server/store/validate-settings.ts";
import { runAsCommand } from "./command.ts";

export type ExportResult =
  | { kind: "written"; number: number }
  | { kind: "unchanged"; number: number }
  | { kind: "none" };

/** The JSON an operator's file holds: two-space indents and a final newline, as config/ is written. */
export function fileText(content: unknown): string {
  return `${JSON.stringify(content, null, 2)}\n`;
}

/** Writes the newest store version to the store file unless the file already says the same. */
export async function exportStoreSettings(
  env: Pick<Env, "dataDir" | "databaseUrl" | "storeConfig">,
): Promise<ExportResult> {
  const database = await openDatabase(env);
  try {
    const newest = await newestVersion(database.db, "store");
    if (!newest) return { kind: "none" };
    // A version that no longer validates is not written over a file that does.
    const settings = parseStoreSettings(newest.content, `version ${newest.number} of the store settings`);
    const path = resolve(env.storeConfig);
    const text = fileText(settings);
    const current = (() => {
      try {
        return JSON.stringify(JSON.parse(readFileSync(path, "utf8")));
      } catch {
        return null;
      }
    })();
    if (current === JSON.stringify(settings)) return { kind: "unchanged", number: newest.number };
    // Written beside and renamed over: a watching server never reads half a file.
    writeFileSync(`${path}.export`, text);
    renameSync(`${path}.export`, path);
    return { kind: "written", number: newest.number };
  } finally {
    await database.close();
  }
}

async function main(): Promise<number> {
  const env = parseEnv();
  const result = await exportStoreSettings(env);
  if (result.kind === "none")
    console.log("No store settings version yet: start the server once, then export.");
  else if (result.kind === "unchanged")
    console.log(`${env.storeConfig} already holds version ${result.number}.`);
  else console.log(`${env.storeConfig} now holds version ${result.number} of the store settings.`);
  return 0;
}

runAsCommand(import.meta.url, main, [EnvError, DirectoryLockedError]);
