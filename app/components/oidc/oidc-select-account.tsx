/**
 * The account selection's body (spec §2 account-selection screen, §3 Account-selection data): the
 * client asked the member to choose the account (prompt=select_account). The site's member is shown
 * by contact e-mail and avatar: "log in" posts /oidc/selectAccount/form and goes on as them; "log in
 * with another account" is /oidc/selectAccount/form/switch, the site's login, after which the new
 * member is the browser's one member (server/oidc/interactions.ts). A plain HTML form: it works
 * before hydration.
 */

import { useTranslation } from "react-i18next";
import type { SelectAccountScreenData } from "../../../schemas/types/select-account-screen-data.gen.ts";
import { Avatar, OptionalImage } from "../images.tsx";
import "./oidc-select-account.css";

export function OidcSelectAccount({ screenData: selection }: { screenData: SelectAccountScreenData }) {
  const { t, i18n } = useTranslation();
  const clientName = (i18n.language === "ja" && selection.clientNameJa) || selection.clientName;
  return (
    <div className="oidc-select-account">
      {selection.serviceLogoUri && (
        <OptionalImage
          key={selection.serviceLogoUri}
          className="oidc-select-account__service-logo"
          src={selection.serviceLogoUri}
          alt={clientName}
          width={64}
          height={64}
        />
      )}
      <p className="oidc-select-account__lead">{t("oidcSelectAccount.lead", { client: clientName })}</p>
      <form method="post" action="/oidc/selectAccount/form" className="oidc-select-account__form">
        <input type="hidden" name="accountId" value={selection.accountId} />
        <button type="submit" className="oidc-select-account__account">
          <Avatar src={selection.profileImageUrl} />
          <span className="oidc-select-account__who">
            <span className="oidc-select-account__email">{selection.contactEmail ?? selection.userId}</span>
            <span className="oidc-select-account__action">{t("oidcSelectAccount.continue")}</span>
          </span>
        </button>
      </form>
      <a href="/oidc/selectAccount/form/switch" className="btn btn--secondary oidc-select-account__switch">
        {t("oidcSelectAccount.switch")}
      </a>
    </div>
  );
}
