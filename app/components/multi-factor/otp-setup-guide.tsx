/**
 * Above the authenticator-app set-up form (spec §2 the OTP setup page with app store links, §3 MFA
 * setup data): where to get an app, the QR code to scan and the secret to type instead.
 */

import { useTranslation } from "react-i18next";
import type { OtpSetupScreenData } from "../../../schemas/types/otp-setup-screen-data.gen.ts";

/** Google Authenticator in both stores; any RFC 6238 app works. */
const APP_STORE_LINKS = [
  {
    labelKey: "mypage.multiFactorPage.otp.appStore",
    url: "https://apps.apple.com/app/google-authenticator/id388497605",
  },
  {
    labelKey: "mypage.multiFactorPage.otp.googlePlay",
    url: "https://play.google.com/store/apps/details?id=com.google.android.apps.authenticator2",
  },
] as const;

/** The secret in groups of four, as people copy it by hand. */
function grouped(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, "$1 ");
}

export function OtpSetupGuide({ screenData }: { screenData: OtpSetupScreenData }) {
  const { t } = useTranslation();
  const { secret, qrCodeSvg: svg } = screenData;
  return (
    <div className="otp-setup">
      <section className="otp-setup__step" aria-labelledby="otp-setup-app">
        <h2 id="otp-setup-app" className="otp-setup__title">
          {t("mypage.multiFactorPage.otp.stepApp")}
        </h2>
        <ul className="otp-setup__stores">
          {APP_STORE_LINKS.map((link) => (
            <li key={link.url}>
              <a href={link.url} target="_blank" rel="noopener noreferrer">
                {t(link.labelKey)}
              </a>
            </li>
          ))}
        </ul>
      </section>
      <section className="otp-setup__step" aria-labelledby="otp-setup-scan">
        <h2 id="otp-setup-scan" className="otp-setup__title">
          {t("mypage.multiFactorPage.otp.stepScan")}
        </h2>
        {svg && (
          // The SVG is drawn by our server (qrcode) from a URL it made; no visitor input reaches it.
          <div
            className="otp-setup__qr"
            role="img"
            aria-label={t("mypage.multiFactorPage.otp.qrLabel")}
            // biome-ignore lint/security/noDangerouslySetInnerHtml: server-drawn QR code, see above
            dangerouslySetInnerHTML={{ __html: svg }}
          />
        )}
        <p className="otp-setup__manual">{t("mypage.multiFactorPage.otp.manual")}</p>
        <p className="otp-setup__secret">
          <code data-secret={secret}>{grouped(secret)}</code>
        </p>
      </section>
    </div>
  );
}
