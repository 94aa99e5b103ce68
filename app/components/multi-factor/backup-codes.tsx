/**
 * Backup codes (spec §2, §4 MFA): how many remain, and the generation page — the 10 new codes shown
 * once, a text file to keep them, and the confirmation that they were saved before they are
 * registered (the route action posts them to with-backup-code or backup-code-regenerate).
 */

import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link, useNavigation } from "react-router";
import type { BackupCodeCountScreenData } from "../../../schemas/types/backup-code-count-screen-data.gen.ts";
import type { BackupCodeListScreenData } from "../../../schemas/types/backup-code-list-screen-data.gen.ts";
import { ActionFailure } from "./multi-factor-settings.tsx";

export function BackupCodeCount({ screenData }: { screenData: BackupCodeCountScreenData }) {
  const { t } = useTranslation();
  const count = screenData.backupCodeCount;
  return (
    <div className="backup-codes">
      <p className="backup-codes__count">{t("mypage.multiFactorPage.backupCode.remaining", { count })}</p>
      <p>
        <Link to="/mypage/multi-factor/backup-code/generate" className="btn btn--secondary btn--block">
          {t("mypage.multiFactorPage.backupCode.regenerate")}
        </Link>
      </p>
    </div>
  );
}

export function BackupCodeGenerate({ screenData }: { screenData: BackupCodeListScreenData }) {
  const { t } = useTranslation();
  const busy = useNavigation().state !== "idle";
  const [saved, setSaved] = useState(false);
  const { backupCodeList: codes, isRegistration: registration } = screenData;
  const file = `data:text/plain;charset=utf-8,${encodeURIComponent(`${codes.join("\n")}\n`)}`;
  return (
    <div className="backup-codes">
      {!registration && (
        <p className="alert alert--warning">{t("mypage.multiFactorPage.generate.regenerateNote")}</p>
      )}
      <ol className="backup-codes__list" aria-label={t("mypage.multiFactorPage.backupCodes")}>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <p>
        <a href={file} download="backup-codes.txt" className="btn btn--secondary btn--block">
          {t("mypage.multiFactorPage.generate.download")}
        </a>
      </p>
      <ActionFailure />
      <Form method="post" className="backup-codes__confirm">
        <input type="hidden" name="intent" value="registerBackupCodes" />
        <input type="hidden" name="registration" value={String(registration)} />
        {codes.map((code) => (
          <input key={code} type="hidden" name="backupCodeList" value={code} />
        ))}
        <label className="choice">
          <input
            type="checkbox"
            name="saved"
            required
            checked={saved}
            onChange={(event) => setSaved(event.currentTarget.checked)}
          />
          <span>{t("mypage.multiFactorPage.generate.saved")}</span>
        </label>
        <button type="submit" className="btn btn--primary btn--block" disabled={busy} aria-busy={busy}>
          {t("mypage.multiFactorPage.generate.submit")}
        </button>
      </Form>
    </div>
  );
}
