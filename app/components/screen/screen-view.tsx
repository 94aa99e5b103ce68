import { type ComponentType, createElement, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import type { ScreenContentName, ScreenDefinition, ScreenLink } from "../../../screens/screen-definition.ts";
import { fillPath } from "../../lib/fill-path.ts";
import { PageTitle } from "../shell/page-title.tsx";
import { SocialButtons } from "../social/social-buttons.tsx";
import type { ScreenBodies, ScreenBody, ScreenBodyData } from "./screen-bodies.ts";
// The screens' texts beyond the base (app/lib/translations/browser.ts).
import "../../lib/translations/screens.ts";

/**
 * The named page bodies a route can draw (`intro` above a screen's forms, `content` below): what
 * the screen data says beyond a form, and pages whose controls each make a call of their own. Each
 * route gives the ones its screens name (app/components/screen/contents/), so that a page ships
 * only its own.
 */
export type ScreenContents = {
  [K in ScreenContentName]?: ComponentType<{ screenData: ScreenBodyData<K> }>;
};

export interface ScreenViewProps {
  screen: ScreenDefinition;
  screenData: Readonly<Record<string, unknown>>;
  /** The screen's page bodies with the data each reads, as the loader checked it (loadScreen). */
  bodies: ScreenBodies;
  /** The screen's forms (rendered by ScreenForms on form screens only, so other pages ship no rjsf). */
  children?: ReactNode;
  /** What draws the screen's `intro` and `content`, given by the routes whose screens have them. */
  contents?: ScreenContents;
  /** Drawn last, under the links (the login page's sign-up section). */
  footer?: ReactNode;
}

function stepOf(screenData: Readonly<Record<string, unknown>>): { current: number; total: number } | null {
  const { currentCount, totalCount } = screenData;
  return typeof currentCount === "number" && typeof totalCount === "number" && totalCount > 1
    ? { current: currentCount, total: totalCount }
    : null;
}

/**
 * The screen data's text members, for a lead's {{data.name}} placeholders. Nested under `data` so
 * that no member can act as an option of the translator (`count`).
 */
function leadValues(screenData: Readonly<Record<string, unknown>>): { data: Record<string, string> } {
  const texts = Object.entries(screenData).filter(
    (entry): entry is [string, string] => typeof entry[1] === "string",
  );
  return { data: Object.fromEntries(texts) };
}

/** A link back to where the member came from shows only when the screen data names it. */
function shows(link: ScreenLink, screenData: Readonly<Record<string, unknown>>): boolean {
  return !link.onlyAsReturnTo || screenData.returnTo === link.to;
}

/** A page body the screen names, drawn by the route's component for it with the data it reads. */
function drawBody<K extends ScreenContentName>(
  screen: ScreenDefinition,
  body: ScreenBody<K> | null,
  contents: ScreenContents = {},
): ReactNode {
  if (!body) return null;
  const Body = contents[body.name];
  if (!Body) throw new Error(`${screen.id} has the page body ${body.name}, but its route does not draw it`);
  return createElement(Body, { screenData: body.screenData });
}

/** The frame of a declarative screen: title, sign-up step bar, lead, forms or content, social login, links. */
export function ScreenView({ screen, screenData, bodies, children, contents, footer }: ScreenViewProps) {
  const { t } = useTranslation();
  const { intro, content } = bodies;
  const title = t(screen.titleKey);
  const step = stepOf(screenData);
  // Links may name the page's own parameters (/mypage/subscription/:subscriptionId).
  const params = useParams();
  return (
    <article className="screen" data-screen={screen.id}>
      <PageTitle name={title} />
      {step && (
        <ol className="step-bar" aria-label={t("screens.common.stepBar", step)}>
          {Array.from({ length: step.total }, (_, index) => (
            <li
              key={index}
              className={index + 1 <= step.current ? "step-bar__step is-done" : "step-bar__step"}
              aria-current={index + 1 === step.current ? "step" : undefined}
            >
              <span className="visually-hidden">{index + 1}</span>
            </li>
          ))}
        </ol>
      )}
      <h1 className="screen__title">{title}</h1>
      {screen.leadKey && <p className="screen__lead">{t(screen.leadKey, leadValues(screenData))}</p>}
      {drawBody(screen, intro, contents)}
      {children}
      {drawBody(screen, content, contents)}
      {screen.socialLogin && <SocialButtons providers={bodies.socialLogins} action={screen.socialLogin} />}
      {screen.links && screen.links.length > 0 && (
        <ul className="screen__links">
          {screen.links
            .filter((link) => shows(link, screenData))
            .map((link) => (
              <li key={link.to}>
                {link.external ? (
                  <a href={link.to} target="_blank" rel="noopener noreferrer">
                    {t(link.labelKey)}
                  </a>
                ) : (
                  <Link to={fillPath(link.to, params)}>{t(link.labelKey)}</Link>
                )}
              </li>
            ))}
        </ul>
      )}
      {footer}
    </article>
  );
}
