import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PlanIcon, ReceiptIcon } from "../components/account/account-icons.tsx";
import { ShieldIcon } from "../components/icons.tsx";
import { PageTitle } from "../components/shell/page-title.tsx";
import { useShellData } from "../components/shell/use-shell-data.ts";
import { storeText } from "../lib/store-text.ts";
// The page's own texts (locales/*/pages.json).
import "../lib/translations/pages.ts";

const FEATURES = [
  { id: "plans", Icon: PlanIcon },
  { id: "manage", Icon: ReceiptIcon },
  { id: "security", Icon: ShieldIcon },
] as const;

/**
 * A guest's page is the same for every guest: served from the page cache (ADR 0038). Read by the
 * server only; React Router leaves exports it does not know out of the browser's bundle.
 */
export const guestPageCache = true;

export default function Home() {
  const { t, i18n } = useTranslation();
  const { store, serviceName, isLoggedIn } = useShellData();
  const description = storeText(i18n.language, store?.serviceDescription, store?.serviceDescriptionEn);
  return (
    <>
      <PageTitle />
      {description && <meta name="description" content={description} />}
      <section className="hero" aria-labelledby="hero-title">
        <div className="container hero__inner">
          <div className="hero__copy">
            <p className="hero__eyebrow">{t("home.eyebrow")}</p>
            <h1 id="hero-title" className="hero__title">
              {serviceName}
            </h1>
            <p className="hero__lead">{description}</p>
            {isLoggedIn ? (
              <div className="hero__actions">
                <Link to="/mypage" className="btn btn--primary btn--lg">
                  {t("home.goToMyPage")}
                </Link>
                <p className="hero__note">{t("home.memberLead")}</p>
              </div>
            ) : (
              <div className="hero__actions">
                <div className="cluster">
                  <Link to="/signup" className="btn btn--primary btn--lg">
                    {t("common.signup")}
                  </Link>
                  <Link to="/login" className="btn btn--secondary btn--lg">
                    {t("common.login")}
                  </Link>
                </div>
                <p className="hero__note">{t("home.signupLead")}</p>
              </div>
            )}
          </div>
          <HeroArt />
        </div>
      </section>

      <section className="container home-features" aria-labelledby="features-title">
        <h2 id="features-title" className="home-features__title">
          {t("home.featuresTitle")}
        </h2>
        <ul className="home-features__list">
          {FEATURES.map(({ id, Icon }) => (
            <li key={id} className="card card--flat home-feature">
              <span className="home-feature__icon">
                <Icon />
              </span>
              <h3 className="home-feature__title">{t(`home.features.${id}.title`)}</h3>
              <p className="home-feature__text">{t(`home.features.${id}.text`)}</p>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}

/** A decorative stack of "screens" in the store's accent colours. */
function HeroArt() {
  return (
    <div className="hero__art" aria-hidden="true">
      <div className="hero__screen hero__screen--back" />
      <div className="hero__screen hero__screen--front">
        <span className="hero__play" />
        <span className="hero__progress" />
      </div>
    </div>
  );
}
