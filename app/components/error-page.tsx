import { useTranslation } from "react-i18next";
import { Link } from "react-router";

export function ErrorPage({ status, code }: { status: number; code?: string }) {
  const { t } = useTranslation();
  return (
    <main className="error-page">
      <h1>{status}</h1>
      <p>{code}</p>
      <Link to="/">{t("common.backToTop")}</Link>
    </main>
  );
}
