/**
 * /withdraw's 注意事項 (issue 41 §14): what withdrawal does, above the survey and the consent
 * checkbox that names this section ("注意事項を確認し、退会に同意します").
 */
import { useId } from "react";
import { useTranslation } from "react-i18next";

const NOTE_KEYS = [
  "screens.withdraw.notes.data",
  "screens.withdraw.notes.plans",
  "screens.withdraw.notes.sessions",
] as const;

export function WithdrawalNotes() {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section className="withdrawal-notes" aria-labelledby={headingId}>
      <h2 id={headingId} className="withdrawal-notes__title">
        {t("screens.withdraw.notes.title")}
      </h2>
      <ul className="withdrawal-notes__list">
        {NOTE_KEYS.map((key) => (
          <li key={key}>{t(key)}</li>
        ))}
      </ul>
    </section>
  );
}
