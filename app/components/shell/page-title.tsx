import { useShellData } from "./use-shell-data.ts";

/** "ログアウト | ソラミル"; just the page name when the service name is unknown. */
export function documentTitle(pageName: string, serviceName: string | undefined): string {
  return serviceName ? `${pageName} | ${serviceName}` : pageName;
}

/**
 * The one way a page names the document: `<PageTitle name={t("…")} />` in what the page renders
 * (error boundaries included). React hoists the <title> into <head>, on the server and after a
 * navigation. Without a name the title is the service name alone (the home page).
 */
export function PageTitle({ name }: { name?: string }) {
  const serviceName = useShellData().serviceName || undefined;
  return <title>{name ? documentTitle(name, serviceName) : (serviceName ?? "")}</title>;
}
