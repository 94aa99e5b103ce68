import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig, type Plugin } from "vite";

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

/**
 * The parts of rjsf's default registry (its fields and widgets indexes) that no form of ours can
 * reach: our builders name our own widgets (widgets/theme.tsx), never a layout grid, a file,
 * colour, range or rating input, or rjsf's alternative date pickers. Left out of the browser's
 * bundle, they save every form page 5 KB gzipped (219.7 → 214.8 KB); the server renders with rjsf as
 * published. tests/unit/unshipped-rjsf-parts.test.ts checks that no built form can reach one.
 */
export const UNUSED_RJSF_PARTS = [
  "LayoutGridField",
  "LayoutHeaderField",
  "LayoutMultiSchemaField",
  "AltDateWidget",
  "AltDateTimeWidget",
  "ColorWidget",
  "FileWidget",
  "RangeWidget",
  "RatingWidget",
];
const UNUSED_RJSF_PART = new RegExp(
  `/@rjsf/core/lib/components/(fields|widgets)/(${UNUSED_RJSF_PARTS.join("|")})\\.js$`,
);
const UNSHIPPED_RJSF_PART = fileURLToPath(new URL("./widgets/unshipped-rjsf-part.ts", import.meta.url));

function leaveOutUnusedRjsfParts(): Plugin {
  return {
    name: "leave-out-unused-rjsf-parts",
    enforce: "pre",
    applyToEnvironment: (environment) => environment.name === "client",
    async resolveId(source, importer, options) {
      if (!importer?.includes("/@rjsf/core/lib/components/")) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved && UNUSED_RJSF_PART.test(resolved.id) ? UNSHIPPED_RJSF_PART : null;
    },
  };
}

export default defineConfig({
  plugins: [leaveOutUnusedRjsfParts(), reactRouter()],
  resolve: { alias: MODULE_ALIASES },
  // The manifest (build/client/.vite/manifest.json) is what scripts/bundle-weight.ts reads to check
  // which routes ship rjsf and ajv; React Router deletes it unless it is asked for here.
  build: { assetsInlineLimit: 0, manifest: true },
});
