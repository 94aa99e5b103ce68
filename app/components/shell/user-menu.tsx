import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { useHydrated } from "../../../widgets/use-hydrated.ts";
import { loadApiClient } from "../../lib/api-client-on-demand.ts";
import { ChevronDownIcon, KeyIcon, LogoutIcon, PersonIcon, ShieldIcon } from "../icons.tsx";
import { Avatar } from "../images.tsx";

/** What the menu shows of the member's two-step verification (issue 27 §4), from the account header. */
export interface MenuSecurity {
  /** The store offers two-step verification. */
  isEnabledMultiFactor: boolean;
  /** The methods the member has on. */
  multiFactorType: readonly string[];
  /** How many passkeys the member has, where the store takes them; else null. */
  passkeyCount: number | null;
}

/**
 * The account header's data (GET /zapi/internal/account-header/screen-data), read when the menu
 * first opens: no page pays for it (nor for the API client) until a member looks, and a failure only
 * leaves the line out.
 */
export async function loadMenuSecurity(): Promise<MenuSecurity | null> {
  const { apiRequest } = await loadApiClient();
  const header = await apiRequest<Partial<MenuSecurity>>("/zapi/internal/account-header/screen-data", {
    method: "GET",
    // A lapsed session shows up on the next page; the menu does not navigate on its own.
    navigate: () => {},
  }).catch(() => null);
  if (!header || typeof header.isEnabledMultiFactor !== "boolean" || !Array.isArray(header.multiFactorType)) {
    return null;
  }
  return {
    isEnabledMultiFactor: header.isEnabledMultiFactor,
    multiFactorType: header.multiFactorType,
    passkeyCount: typeof header.passkeyCount === "number" ? header.passkeyCount : null,
  };
}

/**
 * The member's menu behind the profile image (spec §2): who is logged in, My Page, whether two-step
 * verification is on (where the store offers it), and Logout. A disclosure: the
 * button reports aria-expanded; opening moves focus to the first link, arrow keys move between the
 * links, Escape closes and returns focus to the button, a click outside or tabbing away closes.
 */
export function UserMenu({
  profileImageUrl,
  memberLabel,
  loadSecurity = loadMenuSecurity,
}: {
  profileImageUrl?: string | null;
  /** Who is logged in: said at the top of the menu, so a shared computer shows whose account is open. */
  memberLabel?: string | null;
  loadSecurity?: () => Promise<MenuSecurity | null>;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [security, setSecurity] = useState<MenuSecurity | null>(null);
  const securityAsked = useRef(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const menuId = useId();
  const hydrated = useHydrated();

  useEffect(() => {
    if (!open || securityAsked.current) return;
    securityAsked.current = true;
    void loadSecurity().then(setSecurity);
  }, [open, loadSecurity]);

  useEffect(() => {
    const container = containerRef.current;
    if (!open || !container) return;
    menuLinks(listRef.current)[0]?.focus();

    const closeOnOutsidePointer = (event: PointerEvent) => {
      if (!container.contains(event.target as Node)) setOpen(false);
    };
    const closeWhenFocusLeaves = (event: FocusEvent) => {
      if (!container.contains(event.relatedTarget as Node | null)) setOpen(false);
    };
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key === "Escape") {
        event.preventDefault();
        setOpen(false);
        buttonRef.current?.focus();
      } else if (event.key === "ArrowDown" || event.key === "ArrowUp") {
        event.preventDefault();
        moveFocus(menuLinks(listRef.current), event.key === "ArrowDown" ? 1 : -1);
      }
    };
    document.addEventListener("pointerdown", closeOnOutsidePointer);
    container.addEventListener("focusout", closeWhenFocusLeaves);
    container.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("pointerdown", closeOnOutsidePointer);
      container.removeEventListener("focusout", closeWhenFocusLeaves);
      container.removeEventListener("keydown", onKeyDown);
    };
  }, [open]);

  // The arrow keys also open the closed menu, as in a native menu button.
  const openWithArrowKeys = (event: KeyboardEvent) => {
    if (open || (event.key !== "ArrowDown" && event.key !== "ArrowUp")) return;
    event.preventDefault();
    setOpen(true);
  };

  const items = (
    <>
      {memberLabel && (
        <li className="user-menu__who">
          <span className="user-menu__who-caption">{t("shell.header.loggedInAs")}</span>
          <span className="user-menu__who-name">{memberLabel}</span>
        </li>
      )}
      <li>
        <Link to="/mypage" className="user-menu__link" onClick={() => setOpen(false)}>
          <PersonIcon />
          {t("common.myPage")}
        </Link>
      </li>
      {security?.isEnabledMultiFactor && (
        <li>
          <Link to="/mypage/multi-factor" className="user-menu__link" onClick={() => setOpen(false)}>
            <ShieldIcon />
            {t("shell.header.twoStep")}
            <span
              className={
                security.multiFactorType.length > 0
                  ? "user-menu__state user-menu__state--on"
                  : "user-menu__state"
              }
            >
              {t(security.multiFactorType.length > 0 ? "shell.header.twoStepOn" : "shell.header.twoStepOff")}
            </span>
          </Link>
        </li>
      )}
      {security && security.passkeyCount !== null && (
        <li>
          <Link to="/mypage/passkeys" className="user-menu__link" onClick={() => setOpen(false)}>
            <KeyIcon />
            {t("shell.header.passkeys")}
            <span className="user-menu__state">{security.passkeyCount}</span>
          </Link>
        </li>
      )}
      <li>
        {/* A post: logging out is the member's act, never a link's side effect. */}
        <Form method="post" action="/logout" reloadDocument className="user-menu__form">
          <button type="submit" className="user-menu__link">
            <LogoutIcon />
            {t("common.logout")}
          </button>
        </Form>
      </li>
    </>
  );
  const face = (
    <>
      <Avatar src={profileImageUrl} />
      <span className="visually-hidden">{t("shell.header.userMenu")}</span>
      <ChevronDownIcon className="user-menu__chevron" />
    </>
  );

  // Before the script runs (or without it) the menu is a <details>, which opens by itself: a
  // member can still reach My Page and log out (issue 41 §10).
  if (!hydrated) {
    return (
      <details className="user-menu user-menu--static">
        <summary className="user-menu__button">{face}</summary>
        <ul className="user-menu__list">{items}</ul>
      </details>
    );
  }

  return (
    <div ref={containerRef} className="user-menu">
      <button
        ref={buttonRef}
        type="button"
        className="user-menu__button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((isOpen) => !isOpen)}
        onKeyDown={openWithArrowKeys}
      >
        {face}
      </button>
      <ul ref={listRef} id={menuId} className="user-menu__list" hidden={!open}>
        {items}
      </ul>
    </div>
  );
}

function menuLinks(list: HTMLUListElement | null): HTMLElement[] {
  return Array.from(list?.querySelectorAll<HTMLElement>("a, button") ?? []);
}

/** Moves focus one link down or up, wrapping around; from outside the list it enters at the first link. */
function moveFocus(links: HTMLElement[], step: 1 | -1) {
  const current = links.indexOf(document.activeElement as HTMLElement);
  const next = current === -1 ? 0 : (current + step + links.length) % links.length;
  links[next]?.focus();
}
