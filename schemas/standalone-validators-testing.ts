/**
 * For tests: imports a generated validator module (schemas/standalone-validators.ts) the way the
 * browser does, as an ES module file, so the code under test is the text the server serves.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";

export interface ImportedValidatorModule {
  rootSchemaKey: string;
  create(
    require: (name: string) => unknown,
  ): Record<string, ((data: unknown) => boolean) & { errors?: unknown }>;
}

let directory: string | undefined;
let count = 0;

export async function importValidatorSource(source: string): Promise<ImportedValidatorModule> {
  // Inside the project: the test runner of the jsdom environment resolves only files under its root.
  const cache = resolve(import.meta.dirname, "../node_modules/.cache");
  mkdirSync(cache, { recursive: true });
  directory ??= mkdtempSync(join(cache, "form-validators-"));
  count += 1;
  const file = join(directory, `validators-${count}.mjs`);
  writeFileSync(file, source);
  return (await import(/* @vite-ignore */ file)) as ImportedValidatorModule;
}

/** Removes the files written so far (call from afterAll). */
export function removeImportedValidators(): void {
  if (directory) rmSync(directory, { recursive: true, force: true });
  directory = undefined;
}
