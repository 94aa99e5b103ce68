/**
 * /mypage/login-history (spec §2, §3 Login history item): the address of this device, a
 * suggestion to change the password, and the member's logins newest first — a table on windows
 * 1000 px wide or more, expandable cards below that (CSS picks one; both are in the page, so it
 * works without its script). Older logins come a page at a time (`?before=` cursor).
 */

import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { Translate } from "../../locales/i18n.ts";
import type { LoginHistoryItem } from "../../schemas/types/login-history-item.gen.ts";
import type { AccountRouteHandle } from "../components/account/account-route-handle.ts";
import { ChevronDownIcon } from "../components/icons.tsx";
import { PageTitle } from "../components/shell/page-title.tsx";
import { formatHistoryDateTime } from "../lib/format.ts";
import { LOGIN_HISTORY_SCREEN_DATA } from "../lib/screen-data-shapes.server.ts";
import { enforceAccess } from "../lib/screen-loader.server.ts";
import { loadScreenData } from "../lib/zapi.server.ts";
import type { Route } from "./+types/mypage-login-history";
// The account area's texts (my page, its sub-pages and screens: app/lib/translations/browser.ts).
import "../lib/translations/account.ts";

export const handle: AccountRouteHandle = { backTo: "/mypage" };

export async function loader(args: Route.LoaderArgs) {
  await enforceAccess(args, "member");
  return loadScreenData(args, undefined, undefined, LOGIN_HISTORY_SCREEN_DATA);
}

/** 日本 / Japan from "JP", in the page's language; the code itself if the runtime lacks the name. */
function countryName(code: string | null, language: string, t: Translate): string {
  if (!code) return t("mypage.loginHistoryPage.unknown");
  try {
    return new Intl.DisplayNames([language], { type: "region" }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** The cells of one login, in column order, as text. */
function cellsOf(entry: LoginHistoryItem, language: string, t: Translate) {
  const unknown = t("mypage.loginHistoryPage.unknown");
  return {
    dateTime: formatHistoryDateTime(entry.createdAt),
    result: t(entry.result ? "mypage.loginHistoryPage.success" : "mypage.loginHistoryPage.failure"),
    loginType: entry.multiFactorType
      ? t("mypage.loginHistoryPage.withSecondFactor", {
          method: t(`mypage.loginHistoryPage.method${entry.loginMethod}`),
          secondFactor: t(`mypage.loginHistoryPage.secondFactor.${entry.multiFactorType}`),
        })
      : t(`mypage.loginHistoryPage.method${entry.loginMethod}`),
    device: entry.deviceInfo ?? unknown,
    browser: entry.browserInfo ?? unknown,
    country: countryName(entry.country, language, t),
    ip: entry.ip ?? unknown,
  };
}

const COLUMNS = ["dateTime", "result", "loginType", "device", "browser", "country", "ip"] as const;
/** What an opened card adds to its summary line. */
const CARD_DETAILS = ["loginType", "ip"] as const;

function ResultBadge({ ok, label }: { ok: boolean; label: string }) {
  return <span className={ok ? "badge badge--success" : "badge badge--danger"}>{label}</span>;
}

export default function MypageLoginHistory({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { deviceIp, suggestPasswordChange, suggestMultiFactor, isFirstPage, items, nextCursor } = loaderData;
  const rows = items.map((entry) => ({ entry, cells: cellsOf(entry, i18n.language, t) }));
  const title = t("mypage.loginHistoryPage.title");

  return (
    <article className="screen login-history">
      <PageTitle name={title} />
      <h1 className="screen__title">{title}</h1>
      <p className="login-history__device">
        {t("mypage.loginHistoryPage.deviceIp", {
          ip: deviceIp ?? t("mypage.loginHistoryPage.deviceIpUnknown"),
        })}
      </p>
      {suggestPasswordChange && (
        <p className="login-history__suggestion">
          {t("mypage.loginHistoryPage.suggestion")}{" "}
          <Link to="/mypage/password/edit">{t("mypage.loginHistoryPage.changePassword")}</Link>
        </p>
      )}
      {suggestMultiFactor && (
        <p className="login-history__suggestion">
          {t("mypage.loginHistoryPage.multiFactorSuggestion")}{" "}
          <Link to="/mypage/multi-factor">{t("mypage.loginHistoryPage.multiFactorSettings")}</Link>
        </p>
      )}

      {rows.length === 0 ? (
        <p className="alert">{t("mypage.loginHistoryPage.empty")}</p>
      ) : (
        <>
          <div className="table-wrap login-history__table">
            <table className="table">
              <caption className="visually-hidden">{t("mypage.loginHistoryPage.listLabel")}</caption>
              <thead>
                <tr>
                  {COLUMNS.map((column) => (
                    <th key={column} scope="col">
                      {t(`mypage.loginHistoryPage.${column}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map(({ entry, cells }) => (
                  <tr key={`${entry.createdAt}-${entry.ip}-${cells.device}-${cells.result}`}>
                    <td className="login-history__time">{cells.dateTime}</td>
                    <td>
                      <ResultBadge ok={entry.result} label={cells.result} />
                    </td>
                    <td>{cells.loginType}</td>
                    <td>{cells.device}</td>
                    <td>{cells.browser}</td>
                    <td>{cells.country}</td>
                    <td className="login-history__ip">{cells.ip}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>

          <ul className="row-list login-history__cards" aria-label={t("mypage.loginHistoryPage.listLabel")}>
            {rows.map(({ entry, cells }) => (
              <li
                key={`${entry.createdAt}-${entry.ip}-${cells.device}-${cells.result}`}
                className="row-list__item"
              >
                <details className="login-history__card">
                  <summary className="login-history__summary">
                    {/* Closed, a card still says when, where from and on what; open, how and the address. */}
                    <span className="login-history__summary-main">
                      <span className="login-history__time">{cells.dateTime}</span>
                      <span className="login-history__where">
                        {[cells.device, cells.browser, cells.country].join(" · ")}
                      </span>
                    </span>
                    <span className="login-history__summary-end">
                      <ResultBadge ok={entry.result} label={cells.result} />
                      {/* The sign that the card opens (issue 41 §11), turned while open. */}
                      <ChevronDownIcon className="login-history__marker" />
                    </span>
                  </summary>
                  <dl className="data-list login-history__details">
                    {CARD_DETAILS.map((column) => (
                      <div key={column} className="login-history__detail">
                        <dt>{t(`mypage.loginHistoryPage.${column}`)}</dt>
                        <dd>{cells[column]}</dd>
                      </div>
                    ))}
                  </dl>
                </details>
              </li>
            ))}
          </ul>
        </>
      )}

      {rows.length > 0 && (
        // The attribution the IP2Location LITE licence asks for, where its data shows.
        <p className="login-history__source">{t("mypage.loginHistoryPage.countrySource")}</p>
      )}

      {(nextCursor || !isFirstPage) && (
        <nav className="login-history__pager" aria-label={t("mypage.loginHistoryPage.listLabel")}>
          {!isFirstPage && <Link to="/mypage/login-history">{t("mypage.loginHistoryPage.newest")}</Link>}
          {nextCursor && (
            <Link to={`/mypage/login-history?before=${encodeURIComponent(nextCursor)}`}>
              {t("mypage.loginHistoryPage.older")}
            </Link>
          )}
        </nav>
      )}
    </article>
  );
}
