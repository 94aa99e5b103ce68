import { Outlet, type ShouldRevalidateFunctionArgs } from "react-router";
import { AccountShell } from "../components/account/account-shell.tsx";
import { useShellData } from "../components/shell/use-shell-data.ts";
import { loadScreenData } from "../lib/zapi.server.ts";
import type { Route } from "./+types/account-layout";
// The page's texts beyond the base (app/lib/translations/browser.ts).
import "../lib/translations/account.ts";

interface AccountHeader {
  hasPlan?: boolean;
  hasSubscriptionPlan?: boolean;
}

/**
 * What the menu depends on beyond the store settings (spec §2 Account area, §3 Store status):
 * whether the catalogue has a subscription plan and whether the member holds a plan. A guest is
 * sent to log in as the page itself would send them.
 */
export async function loader(args: Route.LoaderArgs) {
  const header = await loadScreenData<AccountHeader>(args, "/account-header");
  return { hasPlan: header.hasPlan === true, hasSubscriptionPlan: header.hasSubscriptionPlan === true };
}

/** The menu changes only with what a form does (a purchase, a withdrawal), not with navigation. */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod !== undefined && defaultShouldRevalidate;
}

/**
 * The account area (spec §2). Pages choose their navigation through `handle` (see
 * AccountRouteHandle). Drawn without its loader (the gallery, tests), the menu assumes no plan.
 */
export default function AccountLayout({ loaderData }: Partial<Route.ComponentProps>) {
  const { store } = useShellData();
  return (
    <AccountShell
      hasPlan={loaderData?.hasPlan ?? false}
      storeStatus={{
        hasSubscriptionPlan: loaderData?.hasSubscriptionPlan ?? false,
        isStorePaymentAvailable: store?.features.isStorePaymentAvailable ?? false,
      }}
    >
      <Outlet />
    </AccountShell>
  );
}
