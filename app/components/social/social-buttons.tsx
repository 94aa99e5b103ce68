/**
 * The login and sign-up pages' social provider buttons (issue 48 §3), drawn by ScreenView where a
 * screen definition asks (`socialLogin`): the providers the screen data offers
 * (userIdentifierList, in the store's order; none in the native app), each a plain link to
 * /auth/authorize, so they work before hydration and cost the light /login page little script.
 *
 * Each provider's name is its brand's (LINE, Google, Yahoo! JAPAN, Facebook) and its colour its
 * brand's, drawn as a mark beside dark text: the brands' own white-on-colour buttons fall short of
 * the text contrast the site keeps (WCAG AA 4.5:1) for LINE, Yahoo! JAPAN and Facebook (ADR 0037).
 */

import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import type { OfferedSocialLogin } from "../../../schemas/types/social-offer.gen.ts";
import "./social-buttons.css";

export interface SocialButtonsProps {
  /** The screen data's userIdentifierList, from the API, as the loader checked it. */
  providers: readonly OfferedSocialLogin[];
  /** What the trip is for: logging in (/login) or signing up (/signup/auth). */
  action: "login" | "signup";
}

export function SocialButtons({ providers, action }: SocialButtonsProps) {
  const { t } = useTranslation();
  // Where a login ends: the page's own returnTo, which the API checks again.
  const returnTo = useSearchParams()[0].get("returnTo");
  // The API offers none to the native app (server/social/social-offer.ts).
  if (providers.length === 0) return null;
  return (
    <section className="social-buttons" aria-labelledby="social-buttons">
      <h2 id="social-buttons" className="rule-label social-buttons__title">
        {t("login.social.title")}
      </h2>
      <ul className="social-buttons__list">
        {providers.map(({ userIdentifierType: type, userIdentifierName: name }) => (
          <li key={type}>
            <a
              className="btn btn--block social-buttons__button"
              data-provider={type}
              href={`/auth/authorize?${new URLSearchParams({
                userIdentifierType: type,
                socialActionType: action,
                ...(returnTo && { returnTo }),
              })}`}
            >
              {t(`login.social.${action}`, { name })}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
