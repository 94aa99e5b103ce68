import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";
import { MODULE_ALIASES } from "./vite.config.ts";

// Vitest runs without the React Router plugin: route modules are tested as plain components.
export default defineConfig({
  resolve: { alias: MODULE_ALIASES },
  test: {
    include: ["{app,schemas,screens,widgets,server,scripts,locales,tests/unit}/**/*.test.{ts,tsx}"],
    environment: "node",
    setupFiles: ["tests/setup-vitest.ts"],
    testTimeout: 20_000,
    // Hooks open PGlite databases, which takes seconds on a busy machine.
    hookTimeout: 30_000,
    // Vitest leaves one core free by default, which is half of this 2-core machine: the suite is
    // CPU-bound, so it uses them all (203 s -> 113 s here).
    maxWorkers: availableParallelism(),
  },
});
