import type { Config } from "@react-router/dev/config";
import product from "../../../react-router.config.ts";

/**
 * The bare React Router 7 app scripts/bench-ssr.ts measures the product against: the product's own
 * settings (its directories are relative to each config's folder), so both are served by the same
 * code paths.
 */
export default { ...product } satisfies Config;
