/**
 * `npm test`: installs what a Debian machine lacks (Chromium, Japanese fonts, PostgreSQL), then lint,
 * generated-file checks, a production build and its bundle-weight check with the typecheck beside
 * them, unit and component tests (the database suites on PGlite and again on a throwaway
 * PostgreSQL), then Playwright e2e against the build. Stops at the first failing step and ends with one summary line.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { signUpsThroughPages } from "../tests/e2e/sign-ups-counted.ts";
import { installSystemPackages } from "./system-packages.ts";
import { startThrowawayPostgres } from "./throwaway-postgres.ts";

const startedAll = Date.now();
const root = resolve(import.meta.dirname, "..");
const reports = join(root, "test-results");
mkdirSync(reports, { recursive: true });

interface Step {
  name: string;
  command: string[];
  /** Reads passed/failed counts from the step's JSON report, and anything else it has to say. */
  counts?: () => { passed: number; failed: number; skipped: number; note?: string };
  /**
   * Starts with the first step and runs beside the steps listed before it; its output is printed
   * when it ends and its result awaited at its place in the list. (The typecheck is one core's
   * work for half a minute, while lint and the build use the other.)
   */
  beside?: true;
}

const vitestReport = join(reports, "vitest.json");
const playwrightReport = join(reports, "playwright.json");

const steps: Step[] = [
  { name: "lint", command: ["npx", "biome", "check", "."] },
  { name: "generated types", command: ["npx", "tsx", "scripts/gen-types.ts", "--check"] },
  ...(existsSync(join(root, "scripts/gen-form-schemas.ts"))
    ? [{ name: "generated form schemas", command: ["npx", "tsx", "scripts/gen-form-schemas.ts", "--check"] }]
    : []),
  // Before the unit tests: the server lifecycle test starts the production build.
  { name: "build", command: ["npm", "run", "build", "--silent"] },
  // Pages without a schema form must not ship rjsf or ajv (prints the per-route table).
  { name: "bundle weight", command: ["npx", "tsx", "scripts/bundle-weight.ts"] },
  // Started at once and awaited here: it checks while lint and the build run.
  { name: "typecheck", command: ["npm", "run", "typecheck", "--silent"], beside: true },
  {
    name: "unit",
    command: [
      "npx",
      "vitest",
      "run",
      "--reporter=default",
      "--reporter=json",
      `--outputFile=${vitestReport}`,
    ],
    counts: () => {
      const report = JSON.parse(readFileSync(vitestReport, "utf8"));
      return {
        passed: report.numPassedTests,
        failed: report.numFailedTests,
        skipped: report.numPendingTests + report.numTodoTests,
      };
    },
  },
  {
    name: "e2e",
    command: ["npx", "playwright", "test"],
    counts: () => {
      const report = JSON.parse(readFileSync(playwrightReport, "utf8"));
      const { stats } = report;
      return {
        passed: stats.expected + stats.flaky,
        failed: stats.unexpected,
        skipped: stats.skipped,
        note: `${signUpsThroughPages(report)} sign-ups through the pages`,
      };
    },
  },
];

installSystemPackages();
const postgres = await startThrowawayPostgres();
process.env.TEST_DATABASE_URL = postgres.url;
console.log(`PostgreSQL for the database suites: ${postgres.url}`);
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    postgres.stop();
    process.exit(1);
  });
}

interface Finished {
  status: number | null;
  seconds: string;
}

/** Starts a step in the background with its output kept, to be printed when it is awaited. */
const besideChildren: ReturnType<typeof spawn>[] = [];

function startBeside(step: Step): Promise<Finished> {
  const started = Date.now();
  const child = spawn(step.command[0]!, step.command.slice(1), { cwd: root, env: process.env });
  besideChildren.push(child);
  const output: Buffer[] = [];
  child.stdout.on("data", (chunk: Buffer) => output.push(chunk));
  child.stderr.on("data", (chunk: Buffer) => output.push(chunk));
  return new Promise((done) => {
    child.on("close", (status) => {
      console.log(`\n▶ ${step.name} (ran beside the steps before it): ${step.command.join(" ")}`);
      process.stdout.write(Buffer.concat(output));
      done({ status, seconds: ((Date.now() - started) / 1000).toFixed(1) });
    });
  });
}

const besides = new Map(steps.filter((step) => step.beside).map((step) => [step, startBeside(step)]));

function runInForeground(step: Step): Finished {
  console.log(`\n▶ ${step.name}: ${step.command.join(" ")}`);
  const started = Date.now();
  const result = spawnSync(step.command[0]!, step.command.slice(1), {
    cwd: root,
    stdio: "inherit",
    env: process.env,
  });
  return { status: result.status, seconds: ((Date.now() - started) / 1000).toFixed(1) };
}

const totals = { passed: 0, failed: 0, skipped: 0 };
const done: string[] = [];
let failedStep: string | null = null;

for (const step of steps) {
  const result = await (besides.get(step) ?? runInForeground(step));
  const { seconds } = result;
  let detail = "";
  if (step.counts) {
    try {
      const counts = step.counts();
      totals.passed += counts.passed;
      totals.failed += counts.failed;
      totals.skipped += counts.skipped;
      detail = ` ${counts.passed} passed${counts.failed ? `, ${counts.failed} failed` : ""}${counts.note ? `, ${counts.note}` : ""}`;
    } catch {
      detail = " (no report)";
    }
  }
  if (result.status !== 0) {
    failedStep = step.name;
    done.push(`${step.name} FAILED${detail} (${seconds}s)`);
    if (totals.failed === 0) totals.failed = 1;
    break;
  }
  done.push(`${step.name} ok${detail} (${seconds}s)`);
}

for (const child of besideChildren) if (child.exitCode === null) child.kill();
postgres.stop();
console.log(`\n${done.join(" · ")} · total ${((Date.now() - startedAll) / 1000).toFixed(0)}s`);
console.log(
  `tests: ${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ""}`,
);
process.exit(failedStep ? 1 : 0);
