import { Hono } from "hono";
import { getCookie } from "hono/cookie";
import { findSessionAccount, SESSION_COOKIE } from "../../services/sessions.ts";
import { toPublicStoreSettings } from "../../store/public-settings.ts";
import type { ApiEnv } from "../context.ts";

/**
 * GET /zapi/internal/root/screen-data → {authId, storeSettingData} (spec §7), plus
 * storeSettingVersion: the settings version that form builders and validator caches key on.
 */
export const rootScreenData = new Hono<ApiEnv>().get("/screen-data", async (c) => {
  const { db, store, now } = c.get("deps");
  const session = await findSessionAccount(db, getCookie(c, SESSION_COOKIE), now());
  const { settings, version } = store.current();
  return c.json({
    authId: session?.publicId ?? null,
    storeSettingData: toPublicStoreSettings(settings),
    storeSettingVersion: version,
  });
});
