import { Hono } from "hono";
import { lookupPostalCode, parsePostalCode } from "../services/postal-lookup.ts";
import type { ApiEnv } from "./context.ts";
import { ApiError } from "./errors.ts";

/** Japan Post data changes monthly at most; a day in the browser cache spares repeated searches. */
const CACHE_FOR_A_DAY = "public, max-age=86400";

/**
 * GET /zapi/postal-code/{postalCode} → {results: [{prefectureCode, city, town, allAddress}]} (spec §7).
 * An unknown code is not an error: the list is empty and the form says nothing was found.
 */
export const postalCode = new Hono<ApiEnv>().get("/:postalCode", (c) => {
  const code = parsePostalCode(c.req.param("postalCode"));
  if (!code) throw new ApiError(400, "INVALID_POSTAL_CODE", "郵便番号の形式が正しくありません");
  c.header("Cache-Control", CACHE_FOR_A_DAY);
  return c.json({ results: lookupPostalCode(code) });
});
