import type { Language } from "../../../locales/index.ts";
import type { FooterLink } from "../../../schemas/types/store-settings.gen.ts";
import type { BrowserInfo } from "../../lib/browser-info.ts";
import { storeText } from "../../lib/store-text.ts";

export interface FooterLinkContext {
  isLoggedIn: boolean;
  browserInfo: Pick<BrowserInfo, "isApp" | "isAndroid">;
  language: Language;
}

/** A footer link ready to render: an in-site path (router link) or an external address. */
export type VisibleFooterLink =
  | { kind: "internal"; label: string; to: string; opensInNewTab: boolean }
  | { kind: "external"; label: string; href: string; opensInNewTab: boolean };

/**
 * The store's footer links that this visitor sees (spec §3 Footer link, §6): disabled links are
 * dropped; display_type login = only when logged in, logout = only when logged out,
 * androidApp = only inside the Android app (how /app/licenses appears there only); all or absent =
 * always. A link whose value does not fit its type (an internal path that is not site-relative,
 * an external address that is not http(s)) is dropped rather than rendered unsafely.
 */
export function visibleFooterLinks(
  links: readonly FooterLink[],
  context: FooterLinkContext,
): VisibleFooterLink[] {
  return links
    .filter((link) => link.enable && isShownTo(link, context))
    .flatMap((link) => toVisible(link, context));
}

function isShownTo(link: FooterLink, { isLoggedIn, browserInfo }: FooterLinkContext): boolean {
  switch (link.display_type ?? "all") {
    case "all":
      return true;
    case "login":
      return isLoggedIn;
    case "logout":
      return !isLoggedIn;
    case "androidApp":
      return browserInfo.isApp && browserInfo.isAndroid;
  }
}

function toVisible(link: FooterLink, { language }: FooterLinkContext): VisibleFooterLink[] {
  const label = storeText(language, link.name, link.nameEn);
  const opensInNewTab = link.external_link === true;
  if (link.type === "url") {
    return isHttpUrl(link.value) ? [{ kind: "external", label, href: link.value, opensInNewTab }] : [];
  }
  return isSitePath(link.value) ? [{ kind: "internal", label, to: link.value, opensInNewTab }] : [];
}

export function isHttpUrl(value: string): boolean {
  try {
    const { protocol } = new URL(value);
    return protocol === "https:" || protocol === "http:";
  } catch {
    return false;
  }
}

/** "/terms" yes; "//evil.example" (protocol-relative) and "terms" no. */
function isSitePath(value: string): boolean {
  return value.startsWith("/") && !value.startsWith("//");
}
