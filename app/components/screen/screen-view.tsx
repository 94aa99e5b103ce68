import type { ComponentType, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import type { ScreenContentName, ScreenDefinition, ScreenLink } from "../../../screens/screen-definition.ts";
import { fillPath } from "../../lib/fill-path.ts";
import { PageTitle } from "../shell/page-title.tsx";
import { SocialButtons } from "../social/social-buttons.tsx";
// The screens' texts beyond the base (app/lib/translations/browser.ts).
import "../../lib/translations/screens.ts";

/**
 * The named page bodies a route can draw (`intro` above a screen's forms, `content` below): what
 * the screen data says beyond a form, and pages whose controls each make a call of their own. Each
 * route gives the ones its screens name (app/components/screen/contents/), so that a page ships
 * only its own.
 */
export type ScreenContents = Partial<
  Record<ScreenContentName, ComponentType<{ screenData: Readonly<Record<string, unknown>> }>>
>;

export interface ScreenViewProps {
  screen: ScreenDefinition;
  screenData: Readonly<Record<string, unknown>>;
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

/** The component of a named page body, from the route's contents. */
function pageBody(
  screen: ScreenDefinition,
  name: ScreenContentName | undefined,
  contents: ScreenContents = {},
) {
  if (!name) return null;
  const Body = contents[name];
  if (!Body) throw new Error(`${screen.id} has the page body ${name}, but its route does not draw it`);
  return Body;
}

/** The frame of a declarative screen: title, sign-up step bar, lead, forms or content, social login, links. */
export function ScreenView({ screen, screenData, children, contents, footer }: ScreenViewProps) {
  const { t } = useTranslation();
  const Intro = pageBody(screen, screen.intro, contents);
  const Content = pageBody(screen, screen.content, contents);
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
      {Intro && <Intro screenData={screenData} />}
      {children}
      {Content && <Content screenData={screenData} />}
      {screen.socialLogin && <SocialButtons screenData={screenData} action={screen.socialLogin} />}
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
