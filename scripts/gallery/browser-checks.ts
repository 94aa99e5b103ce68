/**
 * The gallery's Chromium pass: a full-page screenshot of each rendered screen and an axe-core run
 * on it. Chromium is the system's (/usr/bin/chromium, or CHROMIUM_PATH); without it the gallery
 * keeps its HTML and says so.
 */
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { chromium } from "@playwright/test";
import type { AxeResults, ImpactValue, Result } from "axe-core";

export const DEFAULT_CHROMIUM_PATH = "/usr/bin/chromium";

/** Axe impacts that fail the gallery. */
export const BLOCKING_IMPACTS: readonly ImpactValue[] = ["serious", "critical"];

const IMPACTS: readonly ImpactValue[] = ["minor", "moderate", "serious", "critical"];

export function chromiumPath(env: NodeJS.ProcessEnv = process.env): string | null {
  const path = env.CHROMIUM_PATH || DEFAULT_CHROMIUM_PATH;
  return existsSync(path) ? path : null;
}

/** A violation as written to a11y.json: what axe says, with each failing node's selector and summary. */
export interface Violation {
  id: string;
  impact: ImpactValue | null;
  help: string;
  helpUrl: string;
  nodes: { target: string[]; html: string; failureSummary: string }[];
}

function toViolation(result: Result): Violation {
  return {
    id: result.id,
    impact: result.impact ?? null,
    help: result.help,
    helpUrl: result.helpUrl,
    nodes: result.nodes.map((node) => ({
      target: node.target.map(String),
      html: node.html,
      failureSummary: node.failureSummary ?? "",
    })),
  };
}

export function countByImpact(violations: readonly Violation[]): Record<string, number> {
  const counts: Record<string, number> = Object.fromEntries(IMPACTS.map((impact) => [impact, 0]));
  for (const violation of violations) {
    const impact = violation.impact ?? "minor";
    counts[impact] = (counts[impact] ?? 0) + 1;
  }
  return counts;
}

/**
 * Rules that fail the gallery from moderate on: content outside every landmark and a skipped
 * heading level, which screen-reader users navigate by (fixed once, kept fixed).
 */
export const BLOCKING_RULES: readonly string[] = ["region", "heading-order"];

export function blockingViolations(violations: readonly Violation[]): Violation[] {
  return violations.filter(
    (violation) =>
      (violation.impact && BLOCKING_IMPACTS.includes(violation.impact)) ||
      (BLOCKING_RULES.includes(violation.id) && violation.impact !== "minor"),
  );
}

export interface InspectedPage {
  screenId: string;
  /** The PNG's file name inside the output folder. */
  screenshot: string;
  violations: Violation[];
}

const axeScript = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

/** The desktop viewport of the screenshots; full-page captures extend it downwards. */
const VIEWPORT = { width: 1280, height: 800 };

/** Opens `<outDir>/<screen-id>.html` for each screen, writes `<screen-id>.png` and runs axe on it. */
export async function inspectPages(
  outDir: string,
  screenIds: readonly string[],
  executablePath: string,
): Promise<InspectedPage[]> {
  const browser = await chromium.launch({
    executablePath,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
  });
  try {
    const context = await browser.newContext({ viewport: VIEWPORT });
    const page = await context.newPage();
    const inspected: InspectedPage[] = [];
    for (const screenId of screenIds) {
      await page.goto(pathToFileURL(join(outDir, `${screenId}.html`)).href, { waitUntil: "load" });
      // The Japanese fonts must be in place before the screenshot, or it shows fallback glyphs.
      await page.evaluate(async () => {
        await document.fonts.ready;
      });
      const screenshot = `${screenId}.png`;
      await page.screenshot({ path: join(outDir, screenshot), fullPage: true });
      await page.addScriptTag({ path: axeScript });
      const results = await page.evaluate(
        () =>
          (window as unknown as { axe: typeof import("axe-core") }).axe.run(document, {
            resultTypes: ["violations"],
          }) as Promise<AxeResults>,
      );
      inspected.push({ screenId, screenshot, violations: results.violations.map(toViolation) });
    }
    return inspected;
  } finally {
    await browser.close();
  }
}
