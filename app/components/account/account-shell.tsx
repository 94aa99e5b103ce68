import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useMatches } from "react-router";
import { ChevronLeftIcon } from "../icons.tsx";
import { MainContent } from "../shell/main-content.tsx";
import { SiteShell } from "../shell/site-shell.tsx";
import { useShellData } from "../shell/use-shell-data.ts";
import { accountMenuItems } from "./account-menu.ts";
import { AccountNav } from "./account-nav.tsx";
import { accountNavMode } from "./account-route-handle.ts";

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

/**
 * The account area frame (spec §2 Account area): the site shell (whose header shows the member's
 * profile image from the root data), the account menu (or a Back link, or nothing, per the page's route handle) and the page.
 */
export function AccountShell({ storeStatus, hasPlan, children }: AccountShellProps) {
  const { t } = useTranslation();
  const { browserInfo } = useShellData();
  const navMode = accountNavMode(useMatches(), browserInfo.isApp);
  const withMenu = navMode.kind === "menu";
  return (
    <SiteShell>
      <div
        className={
          withMenu ? "container account-layout account-layout--with-menu" : "container account-layout"
        }
      >
        {withMenu && <AccountNav items={accountMenuItems({ hasPlan, ...storeStatus })} />}
        <MainContent className="account-layout__main">
          {navMode.kind === "back" && (
            <Link to={navMode.to} className="back-link account-layout__back">
              <ChevronLeftIcon />
              {t("common.back")}
            </Link>
          )}
          {children}
        </MainContent>
      </div>
    </SiteShell>
  );
}
