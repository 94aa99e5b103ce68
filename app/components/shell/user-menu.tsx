import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { ChevronDownIcon, LogoutIcon, PersonIcon } from "../icons.tsx";
import { Avatar } from "./avatar.tsx";

/**
 * The member's menu behind the profile image (spec §2): who is logged in, My Page and Logout. A disclosure: the
 * button reports aria-expanded; opening moves focus to the first link, arrow keys move between the
 * links, Escape closes and returns focus to the button, a click outside or tabbing away closes.
 */
export function UserMenu({
  profileImageUrl,
  memberLabel,
}: {
  profileImageUrl?: string | null;
  /** Who is logged in: said at the top of the menu, so a shared computer shows whose account is open. */
  memberLabel?: string | null;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const menuId = useId();

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
        <Avatar src={profileImageUrl} />
        <span className="visually-hidden">{t("shell.header.userMenu")}</span>
        <ChevronDownIcon className="user-menu__chevron" />
      </button>
      <ul ref={listRef} id={menuId} className="user-menu__list" hidden={!open}>
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
        <li>
          {/* A post: logging out is the member's act, never a link's side effect. */}
          <Form method="post" action="/logout" reloadDocument className="user-menu__form">
            <button type="submit" className="user-menu__link">
              <LogoutIcon />
              {t("common.logout")}
            </button>
          </Form>
        </li>
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
