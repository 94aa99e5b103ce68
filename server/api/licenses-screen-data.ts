import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { Hono } from "hono";
import type { LicenseEntry, LicensesScreenData } from "../../schemas/types/licenses-screen-data.gen.ts";
import type { ApiEnv } from "./context.ts";

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
