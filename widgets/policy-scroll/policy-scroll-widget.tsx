import { ariaDescribedByIds, type WidgetProps } from "@rjsf/utils";
import { useCallback, useLayoutEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "../use-hydrated.ts";

/** Spec §9: a policy counts as read once scrolled to within 10 px of its end. */
export const POLICY_READ_MARGIN_PX = 10;

export function isScrolledToEnd(
  box: Pick<HTMLElement, "scrollHeight" | "clientHeight" | "scrollTop">,
): boolean {
  return box.scrollHeight - box.clientHeight - box.scrollTop <= POLICY_READ_MARGIN_PX;
}

/**
 * A policy to agree to (spec §2 Sign-up, §5 Sign-up consent). An internal policy is shown in a
 * scroll box and its checkbox can be ticked only once the box was read to the end; a policy too
 * short to scroll counts as read. An external policy is a link, with the checkbox free to tick.
 *
 * `ui:options`: policyTitle, renderData (HTML, sanitised by the server), isExternal, url.
 */
export function PolicyScrollWidget(props: WidgetProps) {
  const { id, htmlName, value, disabled, readonly, required, options, rawErrors } = props;
  const { t } = useTranslation();
  const title = typeof options.policyTitle === "string" ? options.policyTitle : props.label;
  const external = options.isExternal === true;
  const boxRef = useRef<HTMLElement>(null);
  const [read, setRead] = useState(external || value === true);
  // Only a script can tell the box was read: without one the checkbox is free and the server judges.
  const hydrated = useHydrated();
  const locked = hydrated && !read;
  const hintId = `${id}__hint`;

  const checkRead = useCallback(() => {
    if (boxRef.current && isScrolledToEnd(boxRef.current)) setRead(true);
  }, []);
  // Measured after layout, so a policy that fits without scrolling is read at once; again when the text changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: renderData changes what there is to measure
  useLayoutEffect(checkRead, [checkRead, options.renderData]);

  return (
    <div className="sf-policy">
      {external ? (
        <p className="sf-policy__external">
          <a
            href={typeof options.url === "string" ? options.url : undefined}
            target="_blank"
            rel="noopener noreferrer"
          >
            {title}
            <span className="sf-visually-hidden">{t("widgets.newTab")}</span>
          </a>
        </p>
      ) : (
        <section
          ref={boxRef}
          className="sf-policy__box"
          aria-label={title}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scroll box must take focus for keyboard users to scroll it
          tabIndex={0}
          onScroll={checkRead}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: policy HTML is sanitised by the server
          dangerouslySetInnerHTML={{
            __html: typeof options.renderData === "string" ? options.renderData : "",
          }}
        />
      )}
      <label className="sf-choice" htmlFor={id}>
        <input
          type="checkbox"
          id={id}
          name={htmlName || id}
          checked={value === true}
          required={required}
          aria-required={required || undefined}
          aria-invalid={(rawErrors?.length ?? 0) > 0 || undefined}
          disabled={disabled || readonly || locked}
          onChange={(event) => props.onChange(event.target.checked)}
          onBlur={(event) => props.onBlur(id, event.target.checked)}
          onFocus={(event) => props.onFocus(id, event.target.checked)}
          aria-describedby={[ariaDescribedByIds(id), locked ? hintId : ""].join(" ").trim()}
        />
        <span>{t("widgets.policy.agree", { title })}</span>
      </label>
      {/* Said only while it holds: without the script the box is never locked (issue 41 §10). */}
      {locked && (
        <p id={hintId} className="sf-field__help">
          {t("widgets.policy.readToEnd")}
        </p>
      )}
    </div>
  );
}
