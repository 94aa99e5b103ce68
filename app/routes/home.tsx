import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useRootData } from "../root.tsx";

export default function Home() {
  const { t } = useTranslation();
  const root = useRootData();
  const store = root?.storeSettingData;
  return (
    <main>
      <h1>{store?.serviceName}</h1>
      <p>{store?.serviceDescription}</p>
      {root?.authId ? (
        <Link to="/mypage">{t("common.myPage")}</Link>
      ) : (
        <Link to="/login">{t("common.login")}</Link>
      )}
    </main>
  );
}
