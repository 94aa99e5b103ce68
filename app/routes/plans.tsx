/**
 * /plans (spec §2 Plans and purchase; issue 43 §3): the member's contracts in force first, then
 * every plan of the catalogue — not yet on sale and sold out included, each with its state. In the
 * native app plans are not sold (spec §6): the page lists the contracts and says where to buy.
 */

import { useTranslation } from "react-i18next";
import { HeldContractRow } from "../components/plans/held-contract.tsx";
import { ContractButton, PlanOfferCard } from "../components/plans/plan-offer.tsx";
import { PageTitle } from "../components/shell/page-title.tsx";
import { useShellData } from "../components/shell/use-shell-data.ts";
import { PLANS_SCREEN_DATA } from "../lib/screen-data-shapes.server.ts";
import { enforceAccess } from "../lib/screen-loader.server.ts";
import { loadScreenData } from "../lib/zapi.server.ts";
import type { Route } from "./+types/plans";
// The plan pages' texts (app/lib/translations/browser.ts).
import "../lib/translations/plans.ts";

export async function loader(args: Route.LoaderArgs) {
  await enforceAccess(args, "member");
  const screenData = await loadScreenData(args, undefined, undefined, PLANS_SCREEN_DATA);
  // The server's clock decides which dates are shown, so the page hydrates as it was rendered.
  return { ...screenData, now: new Date().toISOString() };
}

export default function Plans({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { browserInfo } = useShellData();
  const { contracts, plans } = loaderData;
  const now = new Date(loaderData.now);
  const title = t("plans.title");
  return (
    <article className="screen plans-page">
      <PageTitle name={title} />
      <h1 className="screen__title">{title}</h1>

      <section className="section" aria-labelledby="plans-contracts">
        <h2 className="section-title" id="plans-contracts">
          {t("plans.contractsTitle")}
        </h2>
        {contracts.length === 0 ? (
          <p className="plans-page__empty">{t("plans.noContracts")}</p>
        ) : (
          <ul className="row-list">
            {contracts.map((contract) => (
              <HeldContractRow key={contract.contractId} contract={contract} now={now} />
            ))}
          </ul>
        )}
      </section>

      <section className="section" aria-labelledby="plans-offers">
        <h2 className="section-title" id="plans-offers">
          {t("plans.offersTitle")}
        </h2>
        {browserInfo.isApp ? (
          <p className="plans-page__empty">{t("plans.notInApp")}</p>
        ) : plans.length === 0 ? (
          <p className="plans-page__empty">{t("plans.noOffers")}</p>
        ) : (
          <div className="plan-grid">
            {plans.map((plan) => (
              <PlanOfferCard key={plan.planId} plan={plan}>
                <div className="plan-card__actions">
                  <ContractButton plan={plan} />
                </div>
              </PlanOfferCard>
            ))}
          </div>
        )}
      </section>
    </article>
  );
}
