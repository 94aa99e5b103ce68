import { Hono } from "hono";
import type { ApiEnv } from "../api/context.ts";
import { accountOfResetToken, RESET_TOKEN_LIFETIME_MS } from "./password-reset.ts";

export const passwordScreenData = new Hono<ApiEnv>()
  /** /password/reset: whether the page has a token and the token can still be used. */
  .get("/reset/screen-data", async (c) => {
    const { db, now } = c.get("deps");
    const token = c.req.query("token");
    return c.json({
      hasToken: Boolean(token),
      tokenValid: token ? (await accountOfResetToken(db, token, now())) !== null : false,
    });
  })
  /**
   * /password/forgot/complete: how long the mailed link works. The same for every visitor: the
   * page must not tell whether the address it was sent to has an account.
   */
  .get("/forgot/complete/screen-data", (c) => c.json({ linkValidMinutes: RESET_TOKEN_LIFETIME_MS / 60_000 }));
