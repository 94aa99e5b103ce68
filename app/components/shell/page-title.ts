import type { MetaDescriptor } from "react-router";
import enCommon from "../../../locales/en/common.json" with { type: "json" };
import { DEFAULT_LANGUAGE, isLanguage, type Language } from "../../../locales/index.ts";
import jaCommon from "../../../locales/ja/common.json" with { type: "json" };

/**
 * `meta` runs outside React (no i18next instance), so page titles read their text straight from
 * the small common resource files, in the language the root loader chose.
 */
const PAGE_TITLES: Record<Language, typeof jaCommon.pageTitle> = {
  ja: jaCommon.pageTitle,
  en: enCommon.pageTitle,
};

export type ShellPage = keyof typeof jaCommon.pageTitle;

type MetaMatchLike = { id: string; loaderData?: unknown } | undefined;

interface RootMetaData {
  language: Language;
  serviceName: string | undefined;
  serviceDescription: string | undefined;
}

/** The language and service texts from the root match; defaults when the root loader failed. */
export function rootMetaData(matches: readonly MetaMatchLike[]): RootMetaData {
  const root = matches.find((match) => match?.id === "root")?.loaderData as
    | {
        language?: unknown;
        storeSettingData?: {
          serviceName?: unknown;
          serviceDescription?: unknown;
          serviceDescriptionEn?: unknown;
        };
      }
    | undefined;
  return {
    language: isLanguage(root?.language) ? root.language : DEFAULT_LANGUAGE,
    serviceName: text(root?.storeSettingData?.serviceName),
    serviceDescription:
      (root?.language === "en" ? text(root?.storeSettingData?.serviceDescriptionEn) : undefined) ??
      text(root?.storeSettingData?.serviceDescription),
  };
}

function text(value: unknown): string | undefined {
  return typeof value === "string" && value ? value : undefined;
}

/** "ログアウト | ソラミル"; just the page name when the service name is unknown. */
export function documentTitle(pageName: string, serviceName: string | undefined): string {
  return serviceName ? `${pageName} | ${serviceName}` : pageName;
}

/** The `<title>` descriptor of one of the shell's own pages. */
export function shellPageTitle(matches: readonly MetaMatchLike[], page: ShellPage): MetaDescriptor {
  const { language, serviceName } = rootMetaData(matches);
  return { title: documentTitle(PAGE_TITLES[language][page], serviceName) };
}
