import { defineConfig } from "drizzle-kit";

// One set of migrations serves PGlite and PostgreSQL (ADR 0004).
export default defineConfig({
  dialect: "postgresql",
  schema: "./server/db/schema.ts",
  out: "./server/db/migrations",
});
