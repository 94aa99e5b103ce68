/**
 * Stands in for markdown-to-jsx: vite.config.ts points `markdown-to-jsx/react` here. rjsf renders
 * Markdown only where a field asks for it (`ui:enableMarkdownInDescription`, `…InHelp`), which our
 * forms never do, and in its own developer messages; every text of ours is a plain translation or
 * store text, shown as the text it is. This keeps a 84 KB Markdown parser off every form page
 * (issue 28) and store texts from ever being parsed as markup.
 */
import type { ReactNode } from "react";

export function Markdown({ children }: { children?: ReactNode }) {
  return <>{children}</>;
}
