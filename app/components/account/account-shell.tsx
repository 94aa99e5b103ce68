import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useMatches } from "react-router";
import { MainContent } from "../shell/main-content.tsx";
import { SiteShell } from "../shell/site-shell.tsx";
import { useShellData } from "../shell/use-shell-data.ts";
import { ChevronLeftIcon } from "./account-icons.tsx";
import { accountMenuItems } from "./account-menu.ts";
import { AccountNav } from "./account-nav.tsx";
import { type AccountNavMode, accountNavMode } from "./account-route-handle.ts";
import { useFocusKeptOnThePage } from "./focus-kept.ts";

/** Spec §3 Store status. */
export interface StoreStatus {
  hasSubscriptionPlan: boolean;
  isStorePaymentAvailable: boolean;
}

export interface AccountShellProps {
  storeStatus: StoreStatus;
  /** Whether the member holds any plan (shows the Home item without store payment). */
  hasPlan: boolean;
  children: ReactNode;
}

const LAYOUT_CLASS: Record<AccountNavMode["kind"], string> = {
  menu: "container account-layout account-layout--with-menu",
  back: "container account-layout account-layout--with-back",
  hidden: "container container--narrow account-layout account-layout--card",
  none: "container account-layout",
};

/**
 * The account area frame (spec §2 Account area): the site shell (whose header shows the member's
 * profile image from the root data), then per the page's route handle the account menu beside the
 * page; on a sub-page a Back link above the page, with the side menu beside it on wide screens only
 * (on a phone the sub-page shows just its Back link, spec §2); or — for completion pages — the page
 * alone on a card, as the sign-up completion.
 */
export function AccountShell({ storeStatus, hasPlan, children }: AccountShellProps) {
  const { t } = useTranslation();
  useFocusKeptOnThePage();
  const { browserInfo } = useShellData();
  const navMode = accountNavMode(useMatches(), browserInfo.isApp);
  const menuItems = accountMenuItems({ hasPlan, ...storeStatus });
  return (
    <SiteShell>
      <div className={LAYOUT_CLASS[navMode.kind]}>
        {navMode.kind === "menu" && <AccountNav items={menuItems} />}
        {navMode.kind === "back" && (
          <>
            {navMode.sideMenu && <AccountNav items={menuItems} wideOnly />}
            {/* A landmark of its own, so no content of the page is outside one (axe "region"). */}
            <nav className="account-layout__back-row" aria-label={t("common.back")}>
              <Link to={navMode.to} className="back-link account-layout__back">
                <ChevronLeftIcon />
                {t("common.back")}
              </Link>
            </nav>
          </>
        )}
        <MainContent className="account-layout__main">
          {navMode.kind === "hidden" ? <div className="card page-card">{children}</div> : children}
        </MainContent>
      </div>
    </SiteShell>
  );
}
