import { Outlet } from "react-router";
import { AccountShell } from "../components/account/account-shell.tsx";
import { useShellData } from "../components/shell/use-shell-data.ts";
// The page's texts beyond the base (app/lib/translations/browser.ts).
import "../lib/translations/account.ts";

/**
 * The account area (spec §2). Until the account-header screen data is loaded here, the menu
 * works from the store settings with safe defaults: no plan, no subscription plan.
 * Pages choose their navigation through `handle` (see AccountRouteHandle).
 */
export default function AccountLayout() {
  const { store } = useShellData();
  return (
    <AccountShell
      hasPlan={false}
      storeStatus={{
        hasSubscriptionPlan: false,
        isStorePaymentAvailable: store?.features.isStorePaymentAvailable ?? false,
      }}
    >
      <Outlet />
    </AccountShell>
  );
}
