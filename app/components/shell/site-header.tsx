import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import type { StoreSettings } from "../../../schemas/types/store-settings.gen.ts";
import { storeText } from "../../lib/store-text.ts";
import { BrandLogo } from "./brand-logo.tsx";
import { useScrolledPast } from "./use-scrolled-past.ts";
import { UserMenu } from "./user-menu.tsx";

/** The header shrinks once the page has scrolled this far (spec §9). */
export const HEADER_SHRINK_OFFSET = 5;

export interface SiteHeaderProps {
  store: Pick<StoreSettings, "serviceName" | "serviceNameEn" | "images"> | undefined;
  isLoggedIn: boolean;
  /** Inside the native app the header shows only the logo (spec §6). */
  isApp: boolean;
  profileImageUrl?: string | null;
  /** Who is logged in, shown in the user menu. */
  memberLabel?: string | null;
}

export function SiteHeader({ store, isLoggedIn, isApp, profileImageUrl, memberLabel }: SiteHeaderProps) {
  const { t, i18n } = useTranslation();
  const compact = useScrolledPast(HEADER_SHRINK_OFFSET);
  // A guest is not offered the page they are on (issue 41 §17).
  const { pathname } = useLocation();
  const onLogin = pathname === "/login" || pathname.startsWith("/login/");
  const onSignUp = pathname === "/signup" || pathname.startsWith("/signup/");
  return (
    <header className={compact ? "site-header is-compact" : "site-header"}>
      <div className="site-header__bar">
        <div className="container site-header__inner">
          <Link to="/" className="site-header__brand">
            {store ? (
              <BrandLogo
                images={store.images}
                language={i18n.language}
                serviceName={storeText(i18n.language, store.serviceName, store.serviceNameEn)}
              />
            ) : (
              <span className="site-header__brand-text">{t("shell.topPage")}</span>
            )}
          </Link>
          {!isApp && (
            <div className="site-header__actions">
              {isLoggedIn ? (
                <UserMenu profileImageUrl={profileImageUrl} memberLabel={memberLabel} />
              ) : (
                <>
                  {!onSignUp && (
                    <Link to="/signup" className="btn btn--primary btn--sm site-header__signup">
                      {t("common.signup")}
                    </Link>
                  )}
                  {!onLogin && (
                    <Link to="/login" className="btn btn--secondary btn--sm">
                      {t("common.login")}
                    </Link>
                  )}
                </>
              )}
            </div>
          )}
        </div>
      </div>
    </header>
  );
}
