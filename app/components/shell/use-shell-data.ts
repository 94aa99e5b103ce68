import { useRouteLoaderData } from "react-router";
import type { BrowserInfo } from "../../lib/browser-info.ts";
import type { BrowserStoreSettings } from "../../lib/browser-settings.ts";
import { storeText } from "../../lib/store-text.ts";
import type { loader as rootLoader } from "../../root.tsx";

export interface ShellData {
  /** Absent when the root loader itself failed (the error page still renders a shell). */
  store: BrowserStoreSettings | undefined;
  /** The service name in the page's language (serviceNameEn on English pages when set). */
  serviceName: string | undefined;
  isLoggedIn: boolean;
  /** Who is logged in (nickname, e-mail address or user ID); null for a guest. */
  memberLabel: string | null;
  /** The member's profile image; null for a guest or a member without one. */
  profileImageUrl: string | null;
  browserInfo: BrowserInfo;
}

const BROWSER_DEFAULTS: BrowserInfo = { isApp: false, isAndroid: false, isMobile: false };

/** The root data the shell needs, with safe defaults for error pages rendered without it. */
export function useShellData(): ShellData {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  return {
    store: root?.storeSettingData,
    serviceName: root?.storeSettingData
      ? storeText(root.language, root.storeSettingData.serviceName, root.storeSettingData.serviceNameEn)
      : undefined,
    isLoggedIn: Boolean(root?.authId),
    memberLabel: root?.authId ? (root.memberLabel ?? null) : null,
    profileImageUrl: root?.authId ? (root.profileImageUrl ?? null) : null,
    browserInfo: root?.browserInfo ?? BROWSER_DEFAULTS,
  };
}
