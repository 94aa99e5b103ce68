import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { DEFAULT_LANGUAGE, isLanguage, type Language } from "../../../locales/index.ts";
import type {
  StoreSettings,
  Trademark as TrademarkSetting,
} from "../../../schemas/types/store-settings.gen.ts";
import type { BrowserInfo } from "../../lib/browser-info.ts";
import { storeText } from "../../lib/store-text.ts";
import { ExternalLinkIcon } from "../icons.tsx";
import { type VisibleFooterLink, visibleFooterLinks } from "./footer-links.ts";
import { LanguageSwitcher } from "./language-switcher.tsx";
import { SocialLinks } from "./social-links.tsx";

/** The platform credited when the store turns on footers.showPoweredBy. */
export const POWERED_BY_PRODUCT = "Storefront Account";

export interface SiteFooterProps {
  store: Pick<StoreSettings, "footers"> | undefined;
  isLoggedIn: boolean;
  browserInfo: BrowserInfo;
}

export function SiteFooter({ store, isLoggedIn, browserInfo }: SiteFooterProps) {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  const footers = store?.footers;
  const links = footers ? visibleFooterLinks(footers.footerLinks, { isLoggedIn, browserInfo, language }) : [];

  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <div className="site-footer__top">
          {links.length > 0 && (
            <nav className="site-footer__nav" aria-label={t("shell.footer.links")}>
              <ul className="footer-links">
                {links.map((link) => (
                  <li key={`${link.kind}:${link.label}`}>
                    <FooterLinkItem link={link} />
                  </li>
                ))}
              </ul>
            </nav>
          )}
          {footers && <SocialLinks links={footers.socialMediaLinks} />}
        </div>

        {footers && footers.trademarks.length > 0 && (
          <div className="site-footer__trademarks">
            {footers.trademarks.map((trademark) => (
              <Trademark key={trademark.name} trademark={trademark} language={language} />
            ))}
          </div>
        )}

        <div className="site-footer__bottom">
          <LanguageSwitcher current={language} />
          <div className="site-footer__legal">
            {footers?.copyright && (
              <p className="site-footer__copyright">
                <small>{footers.copyright}</small>
              </p>
            )}
            {footers?.showPoweredBy && (
              <p className="site-footer__powered">
                <small>{t("shell.footer.poweredBy", { product: POWERED_BY_PRODUCT })}</small>
              </p>
            )}
          </div>
        </div>
      </div>
    </footer>
  );
}

function FooterLinkItem({ link }: { link: VisibleFooterLink }) {
  const { t } = useTranslation();
  const newTab = link.opensInNewTab ? { target: "_blank", rel: "noopener noreferrer" } : {};
  const content = (
    <>
      {link.label}
      {link.opensInNewTab && (
        <>
          <ExternalLinkIcon className="footer-links__external" />
          <span className="visually-hidden">{t("common.opensInNewTab")}</span>
        </>
      )}
    </>
  );
  return link.kind === "internal" ? (
    <Link to={link.to} className="footer-links__link" {...newTab}>
      {content}
    </Link>
  ) : (
    <a href={link.href} className="footer-links__link" {...newTab}>
      {content}
    </a>
  );
}

/** A trademark notice in the page's language (nameEn / valueEn when the store gives them). */
function Trademark({ trademark, language }: { trademark: TrademarkSetting; language: Language }) {
  const name = storeText(language, trademark.name, trademark.nameEn);
  const texts = language === "en" && trademark.valueEn?.length ? trademark.valueEn : trademark.value;
  return (
    <section className="trademark">
      <h2 className="trademark__name">{name}</h2>
      {trademark.type === "image" ? (
        <ul className="trademark__images">
          {trademark.value.map((src) => (
            <li key={src}>
              <img src={src} alt={name} />
            </li>
          ))}
        </ul>
      ) : (
        <ul className="trademark__texts">
          {texts.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
