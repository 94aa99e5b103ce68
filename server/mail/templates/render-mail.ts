import type { Language } from "../../../locales/index.ts";
import type { MailBlock, MailBrand, MailCatalog, MailTemplateName, MailTemplateVars } from "./catalog.ts";
import { en } from "./en.ts";
import { ja } from "./ja.ts";

const catalogs: Record<Language, MailCatalog> = { ja, en };

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const HTML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/** Makes text safe inside HTML elements and quoted attributes. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] ?? character);
}

/** Keeps line breaks of multi-line text in HTML. */
const htmlLines = (text: string) => text.split("\n").map(escapeHtml).join("<br>");

/** Links in mails must be web links: anything else (javascript:, data:) is a bug upstream. */
function webUrl(url: string): string {
  const protocol = URL.canParse(url) ? new URL(url).protocol : null;
  if (protocol !== "https:" && protocol !== "http:") {
    throw new Error(`A mail link must be an http(s) URL (got "${url}")`);
  }
  return url;
}

const RULE = "─".repeat(30);

function blockText(block: MailBlock): string {
  switch (block.kind) {
    case "paragraph":
      return block.text;
    case "code":
      return `${block.label}:\n\n    ${block.code}`;
    case "link":
      return `${block.label}:\n${webUrl(block.url)}`;
    case "facts":
      return block.rows.map(([label, value]) => `${label}: ${value}`).join("\n");
    case "note":
      return block.text;
  }
}

const FONT = "font-family:'Hiragino Sans','Noto Sans JP',Meiryo,Arial,sans-serif";

/** The colour goes into a style attribute, so only a plain #rrggbb is let through. */
const safeColor = (color: string) => (/^#[0-9a-fA-F]{6}$/.test(color) ? color : "#1f2328");

function blockHtml(block: MailBlock, brand: MailBrand): string {
  switch (block.kind) {
    case "paragraph":
      return `<p style="margin:0 0 16px;line-height:1.7">${htmlLines(block.text)}</p>`;
    case "code":
      return (
        `<p style="margin:0 0 4px;font-size:13px;color:#555">${escapeHtml(block.label)}</p>` +
        `<p style="margin:0 0 16px;font-size:32px;font-weight:bold;letter-spacing:8px">${escapeHtml(block.code)}</p>`
      );
    case "link":
      return (
        `<p style="margin:0 0 16px"><a href="${escapeHtml(webUrl(block.url))}" ` +
        `style="display:inline-block;padding:12px 24px;border-radius:6px;background:${safeColor(brand.accentColor)};` +
        `color:#ffffff;text-decoration:none;font-weight:bold">${escapeHtml(block.label)}</a></p>` +
        `<p style="margin:0 0 16px;font-size:12px;color:#555;word-break:break-all">${escapeHtml(block.url)}</p>`
      );
    case "facts":
      return (
        `<table role="presentation" style="margin:0 0 16px;border-collapse:collapse">` +
        block.rows
          .map(
            ([label, value]) =>
              `<tr><th scope="row" style="padding:4px 16px 4px 0;text-align:left;font-weight:normal;color:#555">` +
              `${escapeHtml(label)}</th><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`,
          )
          .join("") +
        "</table>"
      );
    case "note":
      return `<p style="margin:0 0 16px;font-size:13px;line-height:1.6;color:#555">${htmlLines(block.text)}</p>`;
  }
}

/**
 * Renders one mail in one language: the subject, a plain-text body and an HTML body in the
 * branded layout (service name in the header, the send-only notice in the footer). Every
 * variable is escaped in the HTML body.
 */
export function renderMail<Name extends MailTemplateName>(
  name: Name,
  language: Language,
  vars: MailTemplateVars[Name],
  brand: MailBrand,
): RenderedMail {
  const catalog = catalogs[language];
  const { subject, blocks } = catalog.templates[name](vars, brand);
  const footer = catalog.footer(brand);

  const text = [
    `${brand.serviceName}\n${RULE}`,
    ...blocks.map(blockText),
    `${RULE}\n${footer.join("\n")}`,
  ].join("\n\n");

  const html = `<!DOCTYPE html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(subject)}</title>
</head>
<body style="margin:0;padding:0;background:#f4f5f7;color:#1f2328;${FONT}">
<table role="presentation" width="100%" style="border-collapse:collapse;background:#f4f5f7">
<tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" style="max-width:600px;border-collapse:collapse;background:#ffffff">
<tr><td style="padding:16px 24px;background:${safeColor(brand.accentColor)};color:#ffffff;font-size:20px;font-weight:bold">${escapeHtml(brand.serviceName)}</td></tr>
<tr><td style="padding:24px;font-size:15px">
${blocks.map((block) => blockHtml(block, brand)).join("\n")}
</td></tr>
<tr><td style="padding:16px 24px;border-top:1px solid #d0d7de;font-size:12px;line-height:1.6;color:#555">
${footer.map((line) => `<p style="margin:0">${escapeHtml(line)}</p>`).join("\n")}
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
  return { subject, text: `${text}\n`, html };
}
