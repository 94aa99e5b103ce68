/**
 * /mypage/devices (ログイン中の端末): a card per signed-in browser — device and browser, 「この端末」
 * on this one, where from (country, masked address), when it logged in and was last used, how —
 * with 「ログアウト」 on each other one and 「他のすべての端末からログアウト」, each asked in the
 * confirm dialog and posted to the route action (routes/mypage-devices.tsx).
 */
import { useTranslation } from "react-i18next";
import { Link, useActionData, useSearchParams } from "react-router";
import type { DevicesScreenData } from "../../../schemas/types/devices-screen-data.gen.ts";
import { formatDateTime } from "../../lib/format.ts";
import { ConfirmDialog, useConfirmQuestion } from "../confirm-dialog.tsx";
import "../account/security-cards.css";

type Device = DevicesScreenData["devices"][number];

const DONE = new Set(["loggedOut", "loggedOutOthers"]);
const KNOWN_METHODS = new Set(["Password", "AuthCode", "Passkey"]);

function useDeviceName() {
  const { t } = useTranslation();
  return (device: Device) =>
    [device.device, device.browser].filter(Boolean).join(" · ") || t("devices.unknown");
}

export function DeviceList({ screenData }: { screenData: DevicesScreenData }) {
  const { t } = useTranslation();
  const nameOf = useDeviceName();
  const [query] = useSearchParams();
  const { asked, closeTo, ask } = useConfirmQuestion();
  const refusal = useActionData<{ message?: string }>()?.message ?? null;
  const done = query.get("done");
  const others = screenData.devices.filter((device) => !device.isCurrent);
  const leaving =
    asked?.kind === "logout" ? others.find((device) => device.deviceId === asked.about) : undefined;
  const methodOf = (method: string | null) =>
    method === null
      ? t("devices.unknown")
      : KNOWN_METHODS.has(method)
        ? t(`devices.method.${method}`)
        : method;

  return (
    <div className="security-cards stack">
      {done && DONE.has(done) && (
        <p className="alert alert--success" role="status">
          {t(`devices.${done}`)}
        </p>
      )}
      {refusal && (
        <p className="alert alert--error" role="alert">
          {refusal}
        </p>
      )}
      <ul className="security-cards__list">
        {screenData.devices.map((device) => (
          <li key={device.deviceId} className="security-cards__item">
            <h2 className="security-cards__name">
              {nameOf(device)}
              {device.isCurrent && (
                <span className="badge badge--accent security-cards__badge">{t("devices.thisDevice")}</span>
              )}
            </h2>
            <dl className="security-cards__facts">
              <div>
                <dt>{t("devices.where")}</dt>
                <dd>{[device.country, device.address].filter(Boolean).join(" ") || t("devices.unknown")}</dd>
              </div>
              <div>
                <dt>{t("devices.how")}</dt>
                <dd>{methodOf(device.loginMethod)}</dd>
              </div>
              <div>
                <dt>{t("devices.loggedInAt")}</dt>
                <dd>{formatDateTime(device.loggedInAt, t)}</dd>
              </div>
              <div>
                <dt>{t("devices.lastActiveAt")}</dt>
                <dd>{formatDateTime(device.lastActiveAt, t)}</dd>
              </div>
            </dl>
            {!device.isCurrent && (
              <p className="security-cards__actions">
                <Link
                  to={ask("logout", device.deviceId)}
                  replace
                  preventScrollReset
                  aria-label={`${t("devices.logout")}: ${nameOf(device)}`}
                >
                  {t("devices.logout")}
                </Link>
              </p>
            )}
          </li>
        ))}
      </ul>
      {others.length > 0 ? (
        <p>
          <Link to={ask("logoutOthers")} replace preventScrollReset className="btn btn--secondary">
            {t("devices.logoutOthers")}
          </Link>
        </p>
      ) : (
        <p className="security-cards__note">{t("devices.onlyThis")}</p>
      )}
      {leaving && (
        <ConfirmDialog
          title={t("devices.logoutTitle", { device: nameOf(leaving) })}
          closeTo={closeTo}
          closeLabel={t("devices.cancel")}
          confirmLabel={t("devices.logoutConfirm")}
          fields={{ intent: "logout", deviceId: leaving.deviceId }}
        >
          <p>{t("devices.logoutBody")}</p>
        </ConfirmDialog>
      )}
      {asked?.kind === "logoutOthers" && others.length > 0 && (
        <ConfirmDialog
          title={t("devices.logoutOthersTitle")}
          closeTo={closeTo}
          closeLabel={t("devices.cancel")}
          confirmLabel={t("devices.logoutOthers")}
          fields={{ intent: "logoutOthers" }}
        >
          <p>{t("devices.logoutOthersBody")}</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
