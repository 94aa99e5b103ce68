import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

/**
 * Modules swapped for our own, for the browser, the server and the tests alike: rjsf's Markdown
 * renderer for plain text (widgets/plain-markdown.tsx says why).
 */
export const MODULE_ALIASES = [
  {
    find: /^markdown-to-jsx\/react$/,
    replacement: fileURLToPath(new URL("./widgets/plain-markdown.tsx", import.meta.url)),
  },
];

export default defineConfig({
  plugins: [reactRouter()],
  resolve: { alias: MODULE_ALIASES },
  // The manifest (build/client/.vite/manifest.json) is what scripts/bundle-weight.ts reads to check
  // which routes ship rjsf and ajv; React Router deletes it unless it is asked for here.
  build: { assetsInlineLimit: 0, manifest: true },
});
