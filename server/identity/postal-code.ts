import { Hono } from "hono";
import type { ApiEnv } from "../api/context.ts";
import { ApiError } from "../kit/errors.ts";
import { lookupPostalCode, parsePostalCode } from "./postal-lookup.ts";

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
