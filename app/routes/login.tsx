/**
 * /login and /login/code (spec §2 Login): screens like the others (screens/guest.ts), drawn by the
 * same ScreenForms through the light renderer (PlainForm), so the page ships neither rjsf nor ajv
 * and works before hydration. Around the forms: the login modes the store offers, the
 * forgot-password link and sign-up (ScreenView draws the social login buttons the screen asks for). The action (login.server.ts) is every
 * form screen's, with login's choice of forms and landing.
 */
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useSearchParams } from "react-router";
import type { ScreenDefinition, ScreenLink } from "../../screens/screen-definition.ts";
import { PasskeySignIn } from "../components/passkey/passkey-sign-in.tsx";
import { PlainForm } from "../components/plain-form/plain-form.tsx";
import { ScreenForms } from "../components/screen/screen-forms.tsx";
import { ScreenView } from "../components/screen/screen-view.tsx";
import { pageForms } from "../lib/form-validators.server.ts";
import { loadScreen } from "../lib/screen-loader.server.ts";
import { useRootData } from "../root.tsx";
import type { Route } from "./+types/login";
import "./login.css";
import { loginAction, passkeySignInOf } from "./login.server.ts";
import { formsOfMode, loginModeOf, loginOptions, modeSwitchOf } from "./login-screen.ts";
// The page's texts beyond the base (app/lib/translations/browser.ts).
import "../lib/translations/forms.ts";

/** The screen, its forms built from the store settings, and each one's precompiled validator (ADR 0013). */
export async function loader(args: Route.LoaderArgs) {
  const loaded = await loadScreen(args);
  const { forms, validatorUrls } = await pageForms(args, loaded.screen, loaded.screenData);
  // Passkeys where the store offers them (not inside the native app: the screen data says).
  const passkey =
    loaded.screenData.isEnabledPasskey === true
      ? passkeySignInOf(loaded.screen, new URL(args.request.url).searchParams)
      : null;
  return { ...loaded, forms, validatorUrls, passkey };
}

export const action = (args: Route.ActionArgs) => loginAction(args);

/**
 * A guest's page is the same for every guest: served from the page cache (ADR 0038). Read by the
 * server only; React Router leaves exports it does not know out of the browser's bundle.
 */
export const guestPageCache = true;

/** The screen definition's links that have a place of their own on the login screen, by label. */
const FORGOT_PASSWORD_LINK = "screens.login.forgotPassword";
const SIGN_UP_LINK = "screens.login.signup";

function linkOf(screen: ScreenDefinition, labelKey: string): ScreenLink | undefined {
  return screen.links?.find((link) => link.labelKey === labelKey);
}

function SignUp({ link, blurb }: { link: ScreenLink | undefined; blurb: string | null | undefined }) {
  const { t } = useTranslation();
  if (!link) return null;
  return (
    <section className="login__signup" aria-labelledby="login-signup-title">
      <h2 id="login-signup-title" className="login__signup-title">
        {t("login.newHere")}
      </h2>
      {blurb ? (
        <p className="login__signup-blurb">{blurb}</p>
      ) : (
        <Link to={link.to} className="btn btn--secondary btn--block">
          {t(link.labelKey)}
        </Link>
      )}
    </section>
  );
}

export default function Login({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const root = useRootData();
  const [query] = useSearchParams();
  const { pathname } = useLocation();
  const { screen } = loaderData;
  if (!root) throw new Error(`The root data is missing under ${screen.id}`);
  const { screenData } = loaderData;
  const settings = root.storeSettingData;

  const options = loginOptions(settings, screenData);
  const mode = loginModeOf(query, options);
  const modeSwitch = modeSwitchOf(screen, query, mode, options);
  const forgotPassword = linkOf(screen, FORGOT_PASSWORD_LINK);
  const signUp = linkOf(screen, SIGN_UP_LINK);
  const otherLinks = (screen.links ?? []).filter((link) => link !== forgotPassword && link !== signUp);
  const fieldExtras: Record<string, ReactNode> = forgotPassword
    ? {
        password: (
          <p className="login__forgot">
            {/* Outside a flow that must not be left (the login provider's): in a new tab. */}
            <Link to={forgotPassword.to} target={forgotPassword.external ? "_blank" : undefined}>
              {t(forgotPassword.labelKey)}
            </Link>
          </p>
        ),
      }
    : {};
  const codeSentTo = typeof screenData.email === "string" ? screenData.email : null;
  // A code asked for after a right password while the site is under a login attack (issue 39 §3).
  const sentToKey =
    screenData.isNewBrowserVerification === true ? "login.newBrowserCodeSentTo" : "login.codeSentTo";

  return (
    <ScreenView
      screen={{ ...screen, links: otherLinks }}
      screenData={screenData}
      bodies={loaderData.bodies}
      footer={<SignUp link={signUp} blurb={settings.login.signUpBlurb} />}
    >
      <div className="login">
        {codeSentTo && <p className="login__sent-to">{t(sentToKey, { email: codeSentTo })}</p>}
        <ScreenForms
          screen={screen}
          screenData={screenData}
          builtForms={loaderData.forms}
          renderer={PlainForm}
          forms={formsOfMode(screen, mode)}
          fieldExtras={fieldExtras}
          validatorUrls={loaderData.validatorUrls}
        />
        {modeSwitch && (
          <p className="login__mode-switch">
            <Link to={{ pathname, search: modeSwitch.search }} replace>
              {t(modeSwitch.labelKey)}
            </Link>
          </p>
        )}
        {loaderData.passkey && <PasskeySignIn {...loaderData.passkey} />}
      </div>
    </ScreenView>
  );
}
