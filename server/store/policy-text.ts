/**
 * The policy texts of config/policies are plain text with a little markup (config/policies/README.md).
 * Rendering it here, escaping everything, makes the `renderData` HTML safe by construction: an
 * operator's text can never inject markup into the sign-up page.
 */
import { escapeHtml } from "../mail/templates/render-mail.ts";

const BULLET = /^- +/;
const NUMBERED = /^\d+\. +/;

function listItems(lines: readonly string[], marker: RegExp): string {
  return lines.map((line) => `<li>${escapeHtml(line.replace(marker, ""))}</li>`).join("");
}

function renderBlock(lines: readonly string[]): string {
  const [first = ""] = lines;
  if (lines.length === 1 && first.startsWith("### ")) return `<h3>${escapeHtml(first.slice(4).trim())}</h3>`;
  if (lines.length === 1 && first.startsWith("## ")) return `<h2>${escapeHtml(first.slice(3).trim())}</h2>`;
  if (lines.every((line) => BULLET.test(line))) return `<ul>${listItems(lines, BULLET)}</ul>`;
  if (lines.every((line) => NUMBERED.test(line))) return `<ol>${listItems(lines, NUMBERED)}</ol>`;
  return `<p>${lines.map(escapeHtml).join("<br>")}</p>`;
}

export function renderPolicyText(source: string): string {
  return source
    .replace(/\r\n?/g, "\n")
    .split(/\n\s*\n/)
    .map((block) =>
      block
        .split("\n")
        .map((line) => line.trim())
        .filter((line) => line !== ""),
    )
    .filter((lines) => lines.length > 0)
    .map(renderBlock)
    .join("");
}
