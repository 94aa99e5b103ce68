import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { Hono } from "hono";
import type { ApiEnv } from "./context.ts";

/** One production dependency and the terms it ships under (written by scripts/gen-licenses.ts). */
export interface LicenseEntry {
  name: string;
  version: string;
  /** The SPDX expression from its package.json, or null when it declares none. */
  license: string | null;
  /** A browsable URL of its source, or null. */
  repository: string | null;
  /** The text of its LICENSE / LICENCE / COPYING file(s), or null when it ships none. */
  licenseText: string | null;
}

export interface LicensesScreenData {
  licenses: LicenseEntry[];
}

/** Written at build time by `npm run gen:licenses`. */
export const DEFAULT_LICENSES_FILE = resolve(import.meta.dirname, "../../../build/licenses.json");

type Logger = Pick<Console, "warn" | "error">;

async function readLicenses(file: string, logger: Logger): Promise<LicensesScreenData> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    logger.warn(`[licenses] ${file} does not exist; run \`npm run gen:licenses\`. Serving an empty list.`);
    return { licenses: [] };
  }
  let licenses: unknown;
  try {
    licenses = JSON.parse(text);
  } catch {
    licenses = null;
  }
  if (!Array.isArray(licenses)) {
    logger.error(`[licenses] ${file} is not a list of licences; run \`npm run gen:licenses\` again.`);
    return { licenses: [] };
  }
  return { licenses: licenses as LicenseEntry[] };
}

/**
 * GET /zapi/internal/app/licenses/screen-data → {licenses} for the /app/licenses page. The file is a
 * build artefact that does not change while the server runs, so it is read once; a missing file
 * (a development checkout that was never built) gives an empty list and a warning, not an error.
 * Only an unexpected read failure (permissions) answers 500, and is tried again next time.
 */
export function licensesScreenData(file = DEFAULT_LICENSES_FILE, logger: Logger = console) {
  let loaded: Promise<LicensesScreenData> | undefined;
  return new Hono<ApiEnv>().get("/screen-data", async (c) => {
    loaded ??= readLicenses(file, logger).catch((error: unknown) => {
      loaded = undefined;
      throw error;
    });
    return c.json(await loaded);
  });
}
