// Component tests opt into jsdom with `// @vitest-environment jsdom`; matchers are registered for both.
import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterAll, afterEach, expect } from "vitest";
import { CLOSE_IDLE_TEST_DATABASES } from "./test-database-hook.ts";

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => cleanup());

// Setup files run for every test file, also when suites share their worker's modules: the
// databases a file kept for reuse are closed when its tests end. Through a hook that
// tests/test-database.ts sets once loaded, so that suites without a database never load PGlite
// (nor load it under jsdom, for the suites after them to share).
afterAll(async () => {
  const close = (globalThis as Record<symbol, (() => Promise<void>) | undefined>)[CLOSE_IDLE_TEST_DATABASES];
  await close?.();
});

// A worker that ends mid-file is reported by Vitest without the file or the exit code ("Worker
// exited unexpectedly"): say both here, once per worker, so that a crash on CI names its suite.
const WORKER_EXIT_NOTE = Symbol.for("vitest-worker-exit-note");
const workerGlobals = globalThis as Record<symbol, unknown>;
if (!workerGlobals[WORKER_EXIT_NOTE]) {
  workerGlobals[WORKER_EXIT_NOTE] = true;
  process.on("exit", (code) => {
    const file = expect.getState().testPath;
    if (code !== 0)
      process.stderr.write(`\n[worker ${process.pid}] exits with code ${code} during ${file}\n`);
  });
}
