/**
 * /console/settings/:kind/preview?screen=signup-form&width=375&language=ja&subject=: the member
 * screens a configuration shapes (the store settings' six, the plans' cards, a client's consent),
 * rendered under the version in force and under the staff member's draft, side by side, at a
 * phone's or a desktop's width, in Japanese or English — the same rendering as the QA gallery
 * (routes/console-settings-preview-document.ts) — with what the draft changes.
 */
import { useTranslation } from "react-i18next";
import { data, Link, useSearchParams } from "react-router";
import { isEditableKind } from "../../schemas/forms/configuration-forms.ts";
import { ChangeList } from "../components/console/change-list.tsx";
import { PageTitle } from "../components/shell/page-title.tsx";
import {
  isPreviewScreen,
  PREVIEW_WIDTHS,
  type PreviewScreen,
  type PreviewWidth,
  previewDocumentPath,
} from "../lib/console-preview.ts";
import { CONSOLE_SETTINGS_SCREEN_DATA } from "../lib/screen-data-shapes.server.ts";
import { loadApiData } from "../lib/zapi.server.ts";
import type { Route } from "./+types/console-settings-preview";

export async function loader(args: Route.LoaderArgs) {
  const { kind } = args.params;
  if (!isEditableKind(kind)) throw data(null, { status: 404 });
  const screenData = await loadApiData(
    args,
    `/zapi/console/settings/${kind}/screen-data`,
    undefined,
    CONSOLE_SETTINGS_SCREEN_DATA,
  );
  if (screenData.previewScreens.length === 0) throw data(null, { status: 404 });
  return screenData;
}

const LANGUAGES = ["ja", "en"] as const;

function useChoice(kind: string, screens: readonly PreviewScreen[], subjects: readonly string[]) {
  const [query] = useSearchParams();
  const asked = query.get("screen");
  const screen: PreviewScreen =
    isPreviewScreen(asked) && screens.includes(asked) ? asked : (screens[0] ?? "signup-form");
  const width: PreviewWidth = query.get("width") === "1280" ? 1280 : 375;
  const language = query.get("language") === "en" ? "en" : "ja";
  const subject = subjects.find((candidate) => candidate === query.get("subject")) ?? subjects[0];
  const link = (change: Partial<{ screen: string; width: number; language: string; subject: string }>) =>
    `/console/settings/${kind}/preview?${new URLSearchParams({
      screen: change.screen ?? screen,
      width: String(change.width ?? width),
      language: change.language ?? language,
      ...((change.subject ?? subject) ? { subject: change.subject ?? subject ?? "" } : {}),
    })}`;
  return { screen, width, language, subject, link };
}

function Tabs<T extends string | number>({
  label,
  options,
  current,
  name,
  href,
}: {
  label: string;
  options: readonly T[];
  current: T;
  name: (option: T) => string;
  href: (option: T) => string;
}) {
  return (
    <nav aria-label={label}>
      <ul className="console-tabs">
        {options.map((option) => (
          <li key={option}>
            <Link
              to={href(option)}
              className="console-tabs__link"
              aria-current={option === current ? "page" : undefined}
              preventScrollReset
            >
              {name(option)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export default function ConsoleSettingsPreview({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { kind, draft, previewScreens, previewSubjects } = loaderData;
  const screens = previewScreens.filter(isPreviewScreen);
  const { screen, width, language, subject, link } = useChoice(kind, screens, previewSubjects);
  const screenName = t(`console.preview.screens.${screen}`);
  const languageName = (code: string) => t(`console.preview.languages.${code}`);
  const frames = [
    { of: "inForce" as const, heading: t("console.preview.inForce") },
    { of: "draft" as const, heading: draft ? t("console.preview.draft") : t("console.preview.noDraftFrame") },
  ];
  return (
    <div className="card console-card console-card--wide">
      <PageTitle name={t("console.preview.title")} />
      <p>
        <Link to={`/console/settings/${kind}`}>
          {t("console.settings.back", { kind: t(`console.settings.kinds.${kind}`) })}
        </Link>
      </p>
      <h1 className="console-card__title">{t("console.preview.title")}</h1>
      <p>{draft ? t("console.preview.lead") : t("console.preview.noDraft")}</p>
      {screens.length > 1 && (
        <Tabs
          label={t("console.preview.screenNav")}
          options={screens}
          current={screen}
          name={(option) => t(`console.preview.screens.${option}`)}
          href={(option) => link({ screen: option })}
        />
      )}
      {subject !== undefined && (
        <Tabs
          label={t("console.preview.subjectNav")}
          options={previewSubjects}
          current={subject}
          name={(option) => option}
          href={(option) => link({ subject: option })}
        />
      )}
      <div className="console-preview__options">
        <Tabs
          label={t("console.preview.widthNav")}
          options={PREVIEW_WIDTHS}
          current={width}
          name={(option) => t("console.preview.width", { width: option })}
          href={(option) => link({ width: option })}
        />
        <Tabs
          label={t("console.preview.languageNav")}
          options={LANGUAGES}
          current={language}
          name={languageName}
          href={(option) => link({ language: option })}
        />
      </div>
      <div className={`console-preview console-preview--${width}`}>
        {frames.map(({ of, heading }) => (
          <figure key={of} className="console-preview__figure">
            <figcaption className="console-preview__caption">{heading}</figcaption>
            <div className="console-preview__viewport">
              <iframe
                // A new document per choice: the frame is replaced, not navigated in the history.
                key={`${of}-${screen}-${language}-${subject}`}
                src={previewDocumentPath(kind, screen, of, language, subject)}
                title={t("console.preview.frameTitle", {
                  which: heading,
                  screen: screenName,
                  width,
                  language: languageName(language),
                })}
                width={width}
                height={900}
                loading="lazy"
                // No scripts run in it (its own policy forbids them too); same origin for its images.
                sandbox="allow-same-origin"
                className="console-preview__frame"
              />
            </div>
          </figure>
        ))}
      </div>
      {draft && draft.changes.length > 0 && (
        <ChangeList changes={draft.changes} caption={t("console.settings.changes")} />
      )}
    </div>
  );
}
