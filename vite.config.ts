import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [reactRouter()],
  // The manifest (build/client/.vite/manifest.json) is what scripts/bundle-weight.ts reads to check
  // which routes ship rjsf and ajv; React Router deletes it unless it is asked for here.
  build: { assetsInlineLimit: 0, manifest: true },
});
