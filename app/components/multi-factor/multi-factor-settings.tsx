/**
 * /mypage/multi-factor's rows (spec §2): each method the store offers with its state — a link to
 * set it up while off, a turn-off button while on that asks first — and the backup codes while any
 * method is on. The question is a dialog the page draws for `?confirm=<type>`, so it works without
 * script too; its button posts the turn-off to the route action (POST /zapi/account/disable-multi-factor).
 */

import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link, useActionData, useNavigate, useNavigation, useSearchParams } from "react-router";
import { SECOND_FACTOR_SLUGS } from "../../../schemas/multi-factor.ts";
import type { MultiFactorActionResult } from "../../routes/mypage-multi-factor.tsx";

type MethodType = "Email" | "SMS" | "OTP";
interface MethodRow {
  type: MethodType;
  isEnabled: boolean;
}

function methodRowsOf(value: unknown): MethodRow[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (row): row is MethodRow =>
      typeof row === "object" &&
      row !== null &&
      ["Email", "SMS", "OTP"].includes((row as MethodRow).type) &&
      typeof (row as MethodRow).isEnabled === "boolean",
  );
}

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

function DisableDialog({ type, isLast }: { type: MethodType; isLast: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const busy = useNavigation().state !== "idle";
  const dialog = useRef<HTMLDialogElement>(null);
  const method = t(`mypage.multiFactorPage.method.${type}`);
  // Drawn open by the server; with script it becomes modal (backdrop, focus kept inside, Esc closes).
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.matches(":modal")) {
      element.close();
      element.showModal();
    }
  }, []);
  return (
    <dialog
      ref={dialog}
      open
      className="dialog"
      aria-labelledby="mfa-disable-title"
      onClose={() => {
        // The close of reopening it as a modal arrives when it is open again: not the member's.
        if (!dialog.current?.open)
          navigate("/mypage/multi-factor", { replace: true, preventScrollReset: true });
      }}
    >
      <div className="dialog__header">
        <h2 id="mfa-disable-title" className="dialog__title">
          {t("mypage.multiFactorPage.confirmTitle", { method })}
        </h2>
      </div>
      {isLast && (
        <div className="dialog__body">
          <p>{t("mypage.multiFactorPage.confirmLast")}</p>
        </div>
      )}
      <Form method="post" className="dialog__footer">
        <input type="hidden" name="intent" value="disable" />
        <input type="hidden" name="multiFactorType" value={type} />
        <Link to="/mypage/multi-factor" replace preventScrollReset className="btn btn--secondary">
          {t("mypage.multiFactorPage.cancel")}
        </Link>
        {/* biome-ignore lint/a11y/noAutofocus: the question has just opened; its answer is what comes next */}
        <button type="submit" className="btn btn--danger" disabled={busy} aria-busy={busy} autoFocus>
          {t("mypage.multiFactorPage.disable")}
        </button>
      </Form>
    </dialog>
  );
}

export function MultiFactorSettings({ screenData }: { screenData: Readonly<Record<string, unknown>> }) {
  const { t } = useTranslation();
  const [query] = useSearchParams();
  const rows = methodRowsOf(screenData.methods);
  const enabledCount = rows.filter((row) => row.isEnabled).length;
  const confirming = rows.find((row) => row.isEnabled && row.type === query.get("confirm"));
  const backupCodeCount = typeof screenData.backupCodeCount === "number" ? screenData.backupCodeCount : null;
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
                    to={`?confirm=${row.type}`}
                    replace
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
      {confirming && <DisableDialog type={confirming.type} isLast={enabledCount === 1} />}
    </div>
  );
}
