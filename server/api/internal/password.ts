import { Hono } from "hono";
import { accountOfResetToken } from "../../services/password-reset.ts";
import type { ApiEnv } from "../context.ts";

/** /password/reset: whether the page has a token and the token can still be used. */
export const passwordScreenData = new Hono<ApiEnv>().get("/reset/screen-data", async (c) => {
  const { db, now } = c.get("deps");
  const token = c.req.query("token");
  return c.json({
    hasToken: Boolean(token),
    tokenValid: token ? (await accountOfResetToken(db, token, now())) !== null : false,
  });
});
