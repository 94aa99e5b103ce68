/**
 * /mypage/multi-factor's rows (spec §2): each method the store offers with its state — a link to
 * set it up while off, a turn-off button while on that asks first — and the backup codes while any
 * method is on. The question is the confirm dialog (`?confirm=disable&about=<type>`), so it works without
 * script too; its button posts the turn-off to the route action (POST /zapi/account/disable-multi-factor).
 */

import { useTranslation } from "react-i18next";
import { Form, Link, useActionData, useNavigation } from "react-router";
import { SECOND_FACTOR_SLUGS } from "../../../schemas/multi-factor.ts";
import type { MultiFactorSettingsScreenData } from "../../../schemas/types/multi-factor-settings-screen-data.gen.ts";
import type { MultiFactorActionResult } from "../../routes/mypage-multi-factor.tsx";
import { ConfirmDialog, useConfirmQuestion } from "../confirm-dialog.tsx";

export function ActionFailure() {
  const result = useActionData<MultiFactorActionResult>();
  if (!result || result.ok) return null;
  return (
    <p className="alert alert--error" role="alert">
      {result.message}
    </p>
  );
}

/**
 * The one button of a method's page, posting its intent to the route action. While `blockedBy`
 * names the element that says why it cannot be used, it is disabled and described by that text.
 */
export function IntentButton({
  intent,
  label,
  blockedBy,
}: {
  intent: string;
  label: string;
  blockedBy?: string;
}) {
  const busy = useNavigation().state !== "idle";
  return (
    <Form method="post" className="form-actions">
      <input type="hidden" name="intent" value={intent} />
      <button
        type="submit"
        className="btn btn--primary btn--block"
        disabled={blockedBy !== undefined || busy}
        aria-busy={busy}
        aria-describedby={blockedBy}
      >
        {label}
      </button>
    </Form>
  );
}

/** The confirm dialog's kind for turning a method off (`?confirm=disable&about={type}`). */
const DISABLE = "disable";

export function MultiFactorSettings({ screenData }: { screenData: MultiFactorSettingsScreenData }) {
  const { t } = useTranslation();
  const { asked, ask, closeTo } = useConfirmQuestion();
  const rows = screenData.methods;
  const enabledCount = rows.filter((row) => row.isEnabled).length;
  const confirming =
    asked?.kind === DISABLE ? rows.find((row) => row.isEnabled && row.type === asked.about) : undefined;
  const { backupCodeCount } = screenData;
  return (
    <div className="multi-factor-settings">
      <ActionFailure />
      <ul className="row-list">
        {rows.map((row) => {
          const name = t(`mypage.multiFactorPage.method.${row.type}`);
          return (
            <li key={row.type} className="row-list__item">
              <div className="row-list__row">
                <span className="row-list__label">{name}</span>
                <span className="row-list__value cluster">
                  {row.isEnabled ? t("mypage.multiFactorPage.on") : t("mypage.multiFactorPage.off")}
                  {row.isEnabled && screenData.defaultMultiFactorType === row.type && enabledCount > 1 && (
                    <span className="badge badge--accent">{t("mypage.multiFactorPage.preferred")}</span>
                  )}
                </span>
                {row.isEnabled ? (
                  <Link
                    to={ask(DISABLE, row.type)}
                    replace
                    preventScrollReset
                    className="btn btn--secondary btn--sm"
                    aria-label={`${name}: ${t("mypage.multiFactorPage.disable")}`}
                  >
                    {t("mypage.multiFactorPage.disable")}
                  </Link>
                ) : (
                  <Link
                    to={`/mypage/multi-factor/${SECOND_FACTOR_SLUGS[row.type]}`}
                    className="btn btn--primary btn--sm"
                    aria-label={`${name}: ${t("mypage.multiFactorPage.enable")}`}
                  >
                    {t("mypage.multiFactorPage.enable")}
                  </Link>
                )}
              </div>
            </li>
          );
        })}
        {enabledCount > 0 && backupCodeCount !== null && (
          <li className="row-list__item">
            <Link className="row-list__row" to="/mypage/multi-factor/backup-code">
              <span className="row-list__label">{t("mypage.multiFactorPage.backupCodes")}</span>
              <span className="row-list__value">
                {t("mypage.multiFactorPage.backupCodeCount", { count: backupCodeCount })}
              </span>
            </Link>
          </li>
        )}
      </ul>
      {confirming && (
        <ConfirmDialog
          title={t("mypage.multiFactorPage.confirmTitle", {
            method: t(`mypage.multiFactorPage.method.${confirming.type}`),
          })}
          closeTo={closeTo}
          closeLabel={t("mypage.multiFactorPage.cancel")}
          confirmLabel={t("mypage.multiFactorPage.disable")}
          fields={{ intent: "disable", multiFactorType: confirming.type }}
        >
          {enabledCount === 1 && <p>{t("mypage.multiFactorPage.confirmLast")}</p>}
        </ConfirmDialog>
      )}
    </div>
  );
}
