import type { StoreSettings } from "./validate-settings.ts";

/**
 * The part of the store settings the browser may see. Server-only values (reCAPTCHA project,
 * payment merchant ids, SMTP domain) stay on the server. The login provider's scopes and
 * precautions are the consent screen's own data, not every page's.
 */
export function toPublicStoreSettings(settings: StoreSettings): StoreSettings {
  const {
    $schema: _schema,
    smtpDomain: _smtp,
    storeScopeSettings: _scopes,
    oidcPrecautions: _precautions,
    paymentProvider,
    login,
    ...rest
  } = settings;
  const { projectId: _project, minimumScore: _score, ...recaptcha } = login.recaptcha ?? { enabled: false };
  return {
    ...rest,
    login: { ...login, recaptcha },
    paymentProvider: paymentProvider
      ? { tokenScriptUrl: paymentProvider.tokenScriptUrl, tds2ScriptUrl: paymentProvider.tds2ScriptUrl }
      : undefined,
  };
}
