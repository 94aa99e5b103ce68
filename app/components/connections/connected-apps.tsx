/**
 * Connected apps (issue 47 §2; spec §2 /mypage/connections, §3 Account grant, §4 Revoke dialog):
 * the list of clients the member let in, and one client's page with what it may read and the way
 * to disconnect it. The question before disconnecting is the confirm dialog (`?confirm=revoke`);
 * its button posts to the route action (routes/mypage-connections.tsx), which calls
 * POST /zapi/oidc/revoke/grant/{grantId}; the list then says it is done (`?done=revoked`).
 */

import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import type { AccountGrant } from "../../../schemas/types/account-grant.gen.ts";
import type { ConnectionScreenData } from "../../../schemas/types/connection-screen-data.gen.ts";
import type { ConnectionsScreenData } from "../../../schemas/types/connections-screen-data.gen.ts";
import { formatDateTime } from "../../lib/format.ts";
import { ConfirmDialog, useConfirmQuestion } from "../confirm-dialog.tsx";
import { OptionalImage } from "../images.tsx";
import "./connected-apps.css";

export type { AccountGrant };

function useClientName() {
  const { i18n } = useTranslation();
  return (grant: AccountGrant) =>
    (i18n.language === "ja" && grant.client.client_name_ja) || grant.client.client_name;
}

function ClientLogo({ grant, name }: { grant: AccountGrant; name: string }) {
  // The name is beside it: the logo is decoration.
  return grant.client.logo_uri ? (
    <OptionalImage
      key={grant.client.logo_uri}
      className="connected-app__logo"
      src={grant.client.logo_uri}
      alt=""
      width={48}
      height={48}
    />
  ) : (
    <span className="connected-app__logo connected-app__logo--none" aria-hidden="true">
      {name.slice(0, 1)}
    </span>
  );
}

/** /mypage/connections: a row per connected client, or the empty state. */
export function ConnectedApps({ screenData }: { screenData: ConnectionsScreenData }) {
  const { t } = useTranslation();
  const nameOf = useClientName();
  const { accountGrants: grants, oidcProviderName: service } = screenData;
  const [query] = useSearchParams();
  return (
    <div className="connected-apps stack">
      {query.get("done") === "revoked" && (
        <p className="alert alert--success" role="status">
          {t("mypage.connectionsPage.revoked")}
        </p>
      )}
      <div className="connected-apps__notes">
        <p>{t("mypage.connectionsPage.lead", { service })}</p>
        <p>{t("mypage.connectionsPage.sharedData")}</p>
        <p>{t("mypage.connectionsPage.afterRevoke")}</p>
      </div>
      {grants.length === 0 ? (
        <p className="connected-apps__empty">{t("mypage.connectionsPage.empty")}</p>
      ) : (
        <ul className="row-list" aria-label={t("mypage.connectionsPage.listLabel")}>
          {grants.map((grant) => {
            const name = nameOf(grant);
            return (
              <li key={grant.clientId} className="row-list__item">
                <Link
                  className="row-list__row connected-app"
                  to={`/mypage/connections/client/${encodeURIComponent(grant.clientId)}`}
                >
                  <ClientLogo grant={grant} name={name} />
                  <span className="connected-app__text">
                    <span className="connected-app__name">{name}</span>
                    <span className="connected-app__date">
                      {t("mypage.connectionsPage.issuedAt")} {formatDateTime(grant.issuedAt, t)}
                    </span>
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

/** /mypage/connections/client/{clientId}: the client, what it may read, and disconnecting it. */
export function ConnectedApp({ screenData }: { screenData: ConnectionScreenData }) {
  const { t } = useTranslation();
  const nameOf = useClientName();
  const { asked, ask, closeTo } = useConfirmQuestion();
  const grant = screenData.accountGrant;
  const name = nameOf(grant);
  const scopes = grant.authorizedScopes;
  return (
    <div className="connected-app-detail stack">
      <div className="connected-app connected-app--header">
        <ClientLogo grant={grant} name={name} />
        <span className="connected-app__text">
          <span className="connected-app__name connected-app__name--large">{name}</span>
          {grant.client.provider_name && (
            <span className="connected-app__provider">
              {t("mypage.connectionsPage.provider", { provider: grant.client.provider_name })}
            </span>
          )}
        </span>
      </div>
      <dl className="data-list">
        <dt>{t("mypage.connectionsPage.grantedOn")}</dt>
        <dd>{formatDateTime(grant.issuedAt, t)}</dd>
      </dl>
      {grant.client.description && (
        <p className="connected-app-detail__description">{grant.client.description}</p>
      )}
      <section className="connected-app-detail__section" aria-labelledby="granted-scopes">
        <h2 id="granted-scopes" className="section-title">
          {t("mypage.connectionsPage.scopesHeading")}
        </h2>
        {scopes.length === 0 ? (
          <p>{t("mypage.connectionsPage.noScopes")}</p>
        ) : (
          <ul className="connected-app-detail__scopes">
            {scopes.map((scope) => (
              <li key={scope.scopeName}>
                <span className="connected-app-detail__scope-name">{scope.scopeName}</span>
                <span className="connected-app-detail__scope-description">{scope.scopeDescription}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <ul className="row-list">
        <li className="row-list__item">
          <Link className="row-list__row" to={ask("revoke")} replace preventScrollReset>
            <span className="row-list__label connected-app-detail__revoke">
              {t("mypage.connectionsPage.revoke")}
            </span>
          </Link>
        </li>
      </ul>
      {asked?.kind === "revoke" && (
        <ConfirmDialog
          title={t("mypage.connectionsPage.revokeTitle", { client: name })}
          closeTo={closeTo}
          closeLabel={t("mypage.connectionsPage.close")}
          confirmLabel={t("mypage.connectionsPage.confirm")}
          fields={{ grantId: grant.grantId }}
        >
          <p>{t("mypage.connectionsPage.revokeBody", { client: name, service: grant.oidcProviderName })}</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
