/**
 * The consent screen's body (spec §2 consent screen, §3 Consent data, §4 OIDC consent): which
 * service asks, who provides it, and for what — each scope the client asked with its toggle (a
 * mandatory one locked on and marked), the store's precautions with the service's terms and privacy
 * links, then cancel and allow. A plain HTML form: allow posts /oidc/consent/form {addScope[],
 * rejectScope[]} (the provider's interaction, server/oidc/interactions.ts), cancel is the abort
 * link. It works before hydration: a scope left off is simply not among addScope[].
 */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type {
  ConsentScopeSetting,
  OidcConsentScreenData,
} from "../../../schemas/types/oidc-consent-screen-data.gen.ts";
import { OptionalImage } from "../images.tsx";
import "./oidc-consent.css";

/** What the row says of the scope beside its name: mandatory, allowed before, new or updated. */
function scopeBadge(scope: ConsentScopeSetting, consent: OidcConsentScreenData): string {
  if (scope.required) return "oidcConsent.required";
  if (consent.updatedScopeKeys.includes(scope.scopeKey)) return "oidcConsent.updated";
  if (consent.authorizedScopeKeys.includes(scope.scopeKey)) return "oidcConsent.authorized";
  return "oidcConsent.new";
}

function ScopeRow({
  scope,
  consent,
  on,
  onChange,
}: {
  scope: ConsentScopeSetting;
  consent: OidcConsentScreenData;
  on: boolean;
  onChange: (on: boolean) => void;
}) {
  const { t } = useTranslation();
  const id = `scope-${scope.scopeKey.replace(/[^a-z0-9_-]/gi, "-")}`;
  return (
    <li className="oidc-consent__scope">
      <div className="oidc-consent__scope-text">
        <label htmlFor={id} className="oidc-consent__scope-name">
          {scope.scopeName}
          <span className={`oidc-consent__badge${scope.required ? " oidc-consent__badge--required" : ""}`}>
            {t(scopeBadge(scope, consent))}
          </span>
        </label>
        <p id={`${id}-description`} className="oidc-consent__scope-description">
          {scope.scopeDescription}
        </p>
      </div>
      {/* A mandatory scope is granted whatever is sent: its switch is shown locked on. */}
      <input
        id={id}
        type="checkbox"
        role="switch"
        className="switch-input"
        name={scope.required ? undefined : "addScope[]"}
        value={scope.scopeKey}
        checked={scope.required || on}
        aria-checked={scope.required || on}
        disabled={scope.required}
        aria-describedby={`${id}-description`}
        onChange={(event) => onChange(event.currentTarget.checked)}
      />
      {scope.required && <input type="hidden" name="addScope[]" value={scope.scopeKey} />}
    </li>
  );
}

export function OidcConsent({ screenData: consent }: { screenData: OidcConsentScreenData }) {
  const { t, i18n } = useTranslation();
  const { clientInfo } = consent;
  const clientName = (i18n.language === "ja" && clientInfo.clientNameJa) || clientInfo.clientName;
  const logo = clientInfo.serviceLogoUri ?? clientInfo.logoUri;
  const settings = new Map(consent.storeScopeSettings.map((scope) => [scope.scopeKey, scope]));
  const asked = consent.requestScopeKeys.flatMap((key) => settings.get(key) ?? []);
  // An optional scope starts off (the member opts in to share it), unless they allowed it before;
  // a mandatory one is locked on. What is not sent as addScope[] is not granted, with or without
  // JavaScript.
  const [on, setOn] = useState<ReadonlySet<string>>(
    () => new Set(consent.authorizedScopeKeys.filter((key) => !consent.updatedScopeKeys.includes(key))),
  );
  return (
    <div className="oidc-consent">
      <header className="oidc-consent__client">
        {logo && (
          <OptionalImage key={logo} className="oidc-consent__logo" src={logo} alt="" width={64} height={64} />
        )}
        <div>
          <p className="oidc-consent__client-name">{clientName}</p>
          {clientInfo.providerName && (
            <p className="oidc-consent__provider">
              {t("oidcConsent.provider", { provider: clientInfo.providerName })}
            </p>
          )}
        </div>
      </header>
      {clientInfo.description && <p className="oidc-consent__description">{clientInfo.description}</p>}
      <p className="oidc-consent__lead">{t("oidcConsent.lead", { client: clientName })}</p>
      <form method="post" action="/oidc/consent/form" className="oidc-consent__form">
        <ul className="oidc-consent__scopes">
          {asked.map((scope) => (
            <ScopeRow
              key={scope.scopeKey}
              scope={scope}
              consent={consent}
              on={on.has(scope.scopeKey)}
              onChange={(checked) =>
                setOn((before) => {
                  const next = new Set(before);
                  if (checked) next.add(scope.scopeKey);
                  else next.delete(scope.scopeKey);
                  return next;
                })
              }
            />
          ))}
        </ul>
        {consent.oidcPrecautions && (
          <section className="oidc-consent__precautions" aria-labelledby="oidc-precautions-title">
            <h2 id="oidc-precautions-title" className="oidc-consent__precautions-title">
              {consent.oidcPrecautions.title}
            </h2>
            {/* Rendered from the operator's plain text with everything escaped (server/store/policy-text.ts). */}
            <div
              className="oidc-consent__precautions-text"
              // biome-ignore lint/security/noDangerouslySetInnerHtml: escaped by construction on the server.
              dangerouslySetInnerHTML={{ __html: consent.oidcPrecautions.renderData }}
            />
          </section>
        )}
        {(clientInfo.tosUri || clientInfo.privacyUri) && (
          <p className="oidc-consent__links">
            {clientInfo.tosUri && (
              <a href={clientInfo.tosUri} target="_blank" rel="noopener noreferrer">
                {t("oidcConsent.terms")}
              </a>
            )}
            {clientInfo.privacyUri && (
              <a href={clientInfo.privacyUri} target="_blank" rel="noopener noreferrer">
                {t("oidcConsent.privacy")}
              </a>
            )}
          </p>
        )}
        <div className="oidc-consent__actions">
          <a href="/oidc/consent/form/abort" className="btn btn--secondary">
            {t("oidcConsent.cancel")}
          </a>
          <button type="submit" className="btn btn--primary">
            {t("oidcConsent.allow")}
          </button>
        </div>
      </form>
    </div>
  );
}
