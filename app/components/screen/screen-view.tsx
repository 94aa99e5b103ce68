import type { ComponentType, ReactNode } from "react";
import { Link } from "react-router";
import { useTranslation } from "../../../locales/react.tsx";
import type { ScreenContentName, ScreenDefinition } from "../../../screens/screen-definition.ts";
import { PageTitle } from "../shell/page-title.tsx";
// The screens' texts beyond the base (app/lib/translations/browser.ts).
import "../../lib/translations/screens.ts";

/** Draws a screen's named page body (app/components/screen/screen-content.tsx). */
export type ScreenContentComponent = ComponentType<{
  name: ScreenContentName;
  screenData: Readonly<Record<string, unknown>>;
}>;

export interface ScreenViewProps {
  screen: ScreenDefinition;
  screenData: Readonly<Record<string, unknown>>;
  /** The screen's forms (rendered by ScreenForms on form screens only, so other pages ship no rjsf). */
  children?: ReactNode;
  /**
   * What draws the screen's `intro` and `content`: given by the routes whose screens have them,
   * so that a completion page ships none of the page bodies.
   */
  Content?: ScreenContentComponent;
}

function stepOf(screenData: Readonly<Record<string, unknown>>): { current: number; total: number } | null {
  const { currentCount, totalCount } = screenData;
  return typeof currentCount === "number" && typeof totalCount === "number" && totalCount > 1
    ? { current: currentCount, total: totalCount }
    : null;
}

/** The screen's title key: one the screen data selects (titleByScreenData), else its own. */
export function titleKeyOf(screen: ScreenDefinition, screenData: Readonly<Record<string, unknown>>): string {
  const choice = screen.titleByScreenData;
  const value = choice ? screenData[choice.member] : undefined;
  return (typeof value === "string" && choice?.keys[value]) || screen.titleKey;
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

/** The frame of a declarative screen: title, sign-up step bar, lead, forms or content, links. */
export function ScreenView({ screen, screenData, children, Content }: ScreenViewProps) {
  const { t } = useTranslation();
  if ((screen.intro || screen.content) && !Content) {
    throw new Error(`${screen.id} has a page body, but its route gives no Content to draw it`);
  }
  const title = t(titleKeyOf(screen, screenData));
  const step = stepOf(screenData);
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
      {screen.intro && Content && <Content name={screen.intro} screenData={screenData} />}
      {children}
      {screen.content && Content && <Content name={screen.content} screenData={screenData} />}
      {screen.links && screen.links.length > 0 && (
        <ul className="screen__links">
          {screen.links.map((link) => (
            <li key={link.to}>
              {link.external ? (
                <a href={link.to} target="_blank" rel="noopener noreferrer">
                  {t(link.labelKey)}
                </a>
              ) : (
                <Link to={link.to}>{t(link.labelKey)}</Link>
              )}
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}
