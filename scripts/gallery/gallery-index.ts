/**
 * The gallery's index.html: one row per screen with its title, paths, layout and, after the
 * Chromium pass, its screenshot and axe findings. Plain strings, so the CLI can rewrite it without
 * loading the renderer.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Language } from "../../locales/index.ts";
import type { ScreenDefinition } from "../../screens/screen-definition.ts";
import type { ScreenDataSource } from "./api-screen-data.ts";

export const INDEX_FILE = "index.html";

export interface GalleryPage {
  screen: ScreenDefinition;
  /** `<screen-id>.html` */
  fileName: string;
  title: string;
  html: string;
  /** Where its screen data came from (api-screen-data.ts). */
  source: ScreenDataSource;
  reason?: string;
}

const SOURCE_LABELS: Record<ScreenDataSource, string> = { api: "API", none: "—", fixture: "fixture" };

const HTML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

/** What the browser checks found for one screen, shown beside its link. */
export interface PageFindings {
  screenshot?: string;
  /** Violation counts by axe impact (minor, moderate, serious, critical). */
  violations?: Readonly<Record<string, number>>;
}

export interface IndexOptions {
  storeLabel: string;
  language: Language;
  /** Screens defined but not routed yet (their API is missing): listed, never rendered. */
  notBuilt: readonly ScreenDefinition[];
  findings?: Readonly<Record<string, PageFindings>>;
}

function findingsCell(findings: PageFindings | undefined): string {
  if (!findings?.violations) return "<td>—</td>";
  const entries = Object.entries(findings.violations).filter(([, count]) => count > 0);
  if (entries.length === 0) return "<td>0</td>";
  return `<td>${entries.map(([impact, count]) => `${escapeHtml(impact)}: ${count}`).join(", ")}</td>`;
}

/** The index: one row per screen with its id, title, path, axe findings and screenshot. */
export function renderIndex(pages: readonly GalleryPage[], options: IndexOptions): string {
  const rows = pages.map((page) => {
    const findings = options.findings?.[page.screen.id];
    const thumbnail = findings?.screenshot
      ? `<a href="${escapeHtml(findings.screenshot)}"><img src="${escapeHtml(findings.screenshot)}" alt="" width="160" loading="lazy"></a>`
      : "";
    return [
      "<tr>",
      `<th scope="row"><a href="${escapeHtml(page.fileName)}">${escapeHtml(page.screen.id)}</a></th>`,
      `<td lang="${options.language}">${escapeHtml(page.title)}</td>`,
      `<td><code>${escapeHtml(page.screen.paths.join(", "))}</code></td>`,
      `<td>${escapeHtml(page.screen.layout)}</td>`,
      `<td>${escapeHtml(SOURCE_LABELS[page.source])}${page.reason ? `: ${escapeHtml(page.reason)}` : ""}</td>`,
      findingsCell(findings),
      `<td>${thumbnail}</td>`,
      "</tr>",
    ].join("");
  });
  const notBuiltRows = options.notBuilt.map(
    (screen) =>
      `<tr><th scope="row">${escapeHtml(screen.id)}</th><td><code>${escapeHtml(screen.paths.join(", "))}</code></td><td>${escapeHtml(screen.layout)}</td></tr>`,
  );
  const notBuilt =
    notBuiltRows.length === 0
      ? ""
      : `<section aria-labelledby="not-built">
<h2 id="not-built">Not built yet</h2>
<p>${notBuiltRows.length} screens are defined in screens/ but not routed in app/routes.ts, because the API they call does not exist yet. Their URLs answer 404.</p>
<table>
<thead><tr><th scope="col">Screen</th><th scope="col">Paths</th><th scope="col">Layout</th></tr></thead>
<tbody>
${notBuiltRows.join("\n")}
</tbody>
</table>
</section>`;
  const title = `Screen gallery: ${options.storeLabel}`;
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body { font-family: system-ui, "Noto Sans CJK JP", sans-serif; margin: 2rem; color: #1b1f24; }
table { border-collapse: collapse; width: 100%; }
th, td { border-bottom: 1px solid #d0d7de; padding: 0.5rem; text-align: left; vertical-align: top; }
a { color: #0b57d0; }
</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
<p>${pages.length} screens, language ${options.language}.</p>
<table>
<thead><tr><th scope="col">Screen</th><th scope="col">Title</th><th scope="col">Paths</th><th scope="col">Layout</th><th scope="col">Screen data</th><th scope="col">Accessibility violations</th><th scope="col">Screenshot</th></tr></thead>
<tbody>
${rows.join("\n")}
</tbody>
</table>
${notBuilt}
</main>
</body>
</html>
`;
}

export function writeGalleryIndex(
  outDir: string,
  pages: readonly GalleryPage[],
  options: IndexOptions,
): void {
  writeFileSync(join(outDir, INDEX_FILE), renderIndex(pages, options));
}
