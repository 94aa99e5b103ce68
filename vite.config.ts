import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

/**
 * Modules of rjsf's swapped for small ones of ours, wherever Vite bundles them (the browser; the
 * server keeps its dependencies external): its Markdown renderer for plain text, its URI parser for
 * the browser's, its deep equality for a smaller one (widgets/plain-markdown.tsx,
 * widgets/uri-resolver.ts and widgets/deep-equal.ts say why).
 */
export const MODULE_ALIASES = [
  {
    find: /^markdown-to-jsx\/react$/,
    replacement: fileURLToPath(new URL("./widgets/plain-markdown.tsx", import.meta.url)),
  },
  { find: /^fast-uri$/, replacement: fileURLToPath(new URL("./widgets/uri-resolver.ts", import.meta.url)) },
  { find: /^fast-equals$/, replacement: fileURLToPath(new URL("./widgets/deep-equal.ts", import.meta.url)) },
];

export default defineConfig({
  plugins: [reactRouter()],
  resolve: { alias: MODULE_ALIASES },
  // The manifest (build/client/.vite/manifest.json) is what scripts/bundle-weight.ts reads to check
  // which routes ship rjsf and ajv; React Router deletes it unless it is asked for here.
  build: { assetsInlineLimit: 0, manifest: true },
});
