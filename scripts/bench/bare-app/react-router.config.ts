import type { Config } from "@react-router/dev/config";

/** The bare React Router 7 app scripts/bench-ssr.ts measures the product against. */
export default {
  appDirectory: "app",
  buildDirectory: "build",
  ssr: true,
  // The product's flags, so both are served by the same code paths.
  future: {
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
    v8_trailingSlashAwareDataRequests: true,
    v8_passThroughRequests: true,
  },
} satisfies Config;
