import { Outlet, type ShouldRevalidateFunctionArgs } from "react-router";
import { AccountShell } from "../components/account/account-shell.tsx";
import { useShellData } from "../components/shell/use-shell-data.ts";
import { pageUrl, screenDataPath, zapiFetch } from "../lib/zapi.server.ts";
import type { Route } from "./+types/account-layout";

interface AccountHeader {
  hasPlan?: boolean;
  hasSubscriptionPlan?: boolean;
}

/**
 * What the menu depends on beyond the store settings (spec §2 Account area, §3 Store status):
 * whether the catalogue has a subscription plan and whether the member holds a plan. Without a
 * member the menu shows neither: the page's own loader sends a guest to log in, with the page's
 * own path to come back to (a redirect from here would name this call's path instead).
 */
export async function loader(args: Route.LoaderArgs) {
  const response = await zapiFetch(args, screenDataPath(pageUrl(args), "/account-header"));
  const header = (response.ok ? await response.json().catch(() => ({})) : {}) as AccountHeader;
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
