import { Hono } from "hono";
import type { RootScreenData } from "../../schemas/types/root-screen-data.gen.ts";
import { currentMember, memberProfileImageUrl } from "../identity/member.ts";
import { toPublicStoreSettings } from "../store/public-settings.ts";
import type { ApiEnv } from "./context.ts";

/**
 * GET /zapi/internal/root/screen-data → {authId, storeSettingData} (spec §7), plus
 * storeSettingVersion: the settings version that form builders and validator caches key on, and
 * memberLabel and profileImageUrl: who is logged in, for the header's user menu.
 */
export const rootScreenData = new Hono<ApiEnv>().get("/screen-data", async (c) => {
  const { store } = c.get("deps");
  const session = await currentMember(c);
  const { settings, version } = store.current();
  return c.json<RootScreenData>({
    authId: session?.publicId ?? null,
    memberLabel: session?.label ?? null,
    profileImageUrl: memberProfileImageUrl(session),
    storeSettingData: toPublicStoreSettings(settings),
    storeSettingVersion: version,
  });
});
