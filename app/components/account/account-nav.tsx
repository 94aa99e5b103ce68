import { type ComponentType, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { NavLink, useLocation } from "react-router";
import { CardIcon, ChevronLeftIcon, HomeIcon, PlanIcon, ReceiptIcon } from "./account-icons.tsx";
import type { AccountMenuItem, AccountMenuItemId } from "./account-menu.ts";

const ICONS: Record<AccountMenuItemId, ComponentType<{ className?: string }>> = {
  home: HomeIcon,
  plans: PlanIcon,
  paymentMethod: CardIcon,
  paymentHistory: ReceiptIcon,
  backToTop: ChevronLeftIcon,
};

/**
 * The account menu: a side menu from 1000px, a horizontally scrolling tab bar below that
 * (one list, laid out by the styles). The current item stays scrolled into view on the tab bar.
 * `wideOnly`: only the side menu — a sub-page on a phone shows just its Back link (spec §2).
 */
export function AccountNav({
  items,
  wideOnly = false,
}: {
  items: readonly AccountMenuItem[];
  wideOnly?: boolean;
}) {
  const { t } = useTranslation();
  const listRef = useRef<HTMLUListElement>(null);
  const { pathname } = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: re-centre the current tab after each navigation.
  useEffect(() => {
    const list = listRef.current;
    const current = list?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!list || !current || list.scrollWidth <= list.clientWidth) return;
    list.scrollLeft = current.offsetLeft - (list.clientWidth - current.offsetWidth) / 2;
  }, [pathname]);

  return (
    <nav
      className={wideOnly ? "account-nav account-nav--wide-only" : "account-nav"}
      aria-label={t("shell.accountMenu.label")}
    >
      <ul ref={listRef} className="account-nav__list">
        {items.map((item) => {
          const Icon = ICONS[item.id];
          return (
            <li
              key={item.id}
              className={
                item.id === "backToTop"
                  ? "account-nav__item account-nav__item--secondary"
                  : "account-nav__item"
              }
            >
              <NavLink to={item.to} end={item.end} className="account-nav__link">
                <Icon className="account-nav__icon" />
                <span>{t(item.labelKey)}</span>
              </NavLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
