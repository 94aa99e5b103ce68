/**
 * /mypage/consent's switches (spec §2, §4 Consent switch, §8 Consent): each option's switch posts
 * its own change to the route action (POST /zapi/account/consent behind it). While the change is
 * in flight the switch is busy (aria-disabled, not `disabled`, which would throw the keyboard
 * focus to the page's body); it flips when the page's data, reloaded after the change, says so,
 * and a polite status line says the new state; a failure leaves it as it was and shows
 * 更新に失敗しました。 above the list. Each switch is a form's submit button, so the page works
 * before (and without) its script.
 */
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useActionData, useFetcher } from "react-router";
import type { ConsentOption } from "../../../schemas/types/consent-option.gen.ts";
import type { ConsentScreenData } from "../../../schemas/types/consent-screen-data.gen.ts";
import { storeText } from "../../lib/store-text.ts";

/** What the consent route's action answers for one change. */
export interface ConsentChangeResult {
  consentOptionId: string;
  ok: boolean;
}

function ConsentSwitch({
  option,
  onSettled,
}: {
  option: ConsentOption;
  /** Each answer, with what to announce (the new state; nothing for a failure, which alerts). */
  onSettled(result: ConsentChangeResult, announcement: string): void;
}) {
  const { t, i18n } = useTranslation();
  const fetcher = useFetcher<ConsentChangeResult>({ key: `consent:${option.consentOptionId}` });
  const id = useId();
  const busy = fetcher.state !== "idle";
  const on = option.value;
  const title = storeText(i18n.language, option.title, option.titleEn);
  const description = storeText(i18n.language, option.description, option.descriptionEn);

  // Told once per answer: the latest answer of any switch decides whether the failure shows.
  const settled = useRef(onSettled);
  settled.current = onSettled;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per answer, with the state the reloaded data gives
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    const announcement = fetcher.data.ok
      ? t(on ? "screens.consent.turnedOn" : "screens.consent.turnedOff", { title })
      : "";
    settled.current(fetcher.data, announcement);
  }, [fetcher.state, fetcher.data]);

  return (
    <li className="row-list__item consent-list__item">
      <div className="consent-list__text">
        <span id={`${id}-title`} className="consent-list__title">
          {title}
        </span>
        {description && (
          <p id={`${id}-description`} className="consent-list__description">
            {description}
          </p>
        )}
      </div>
      <fetcher.Form
        method="post"
        className="consent-list__form"
        onSubmit={(event) => {
          if (busy) event.preventDefault();
        }}
      >
        <input type="hidden" name="consentOptionId" value={option.consentOptionId} />
        <input type="hidden" name="key" value={option.key} />
        <input type="hidden" name="value" value={String(!on)} />
        <button
          type="submit"
          role="switch"
          className="switch"
          aria-checked={on}
          aria-busy={busy || undefined}
          aria-labelledby={`${id}-title`}
          aria-describedby={description ? `${id}-description` : undefined}
          aria-disabled={busy || undefined}
        >
          <span className="switch__track" aria-hidden="true">
            <span className="switch__thumb" />
          </span>
          <span className="switch__state" aria-hidden="true">
            {t(on ? "widgets.switch.on" : "widgets.switch.off")}
          </span>
        </button>
      </fetcher.Form>
    </li>
  );
}

export function ConsentSwitches({ screenData }: { screenData: ConsentScreenData }) {
  const { t } = useTranslation();
  const { consentOptions: options, privacyPolicy: policy } = screenData;
  const isPrivacy = screenData.type === "privacy";
  // Without the script a change is a page post, whose answer is the action data.
  const posted = useActionData() as ConsentChangeResult | undefined;
  const [failed, setFailed] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const shownFailure = failed || posted?.ok === false;

  return (
    <div className="consent">
      {isPrivacy && <p className="consent__notes">{t("screens.consent.privacyNotes")}</p>}
      {shownFailure && (
        <p className="alert alert--error" role="alert">
          {t("screens.consent.updateFailed")}
        </p>
      )}
      {options.length === 0 ? (
        <p>{t("screens.consent.empty")}</p>
      ) : (
        <ul className="row-list">
          {options.map((option) => (
            <ConsentSwitch
              key={option.consentOptionId}
              option={option}
              onSettled={(result, said) => {
                setFailed(!result.ok);
                setAnnouncement(said);
              }}
            />
          ))}
        </ul>
      )}
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
      {isPrivacy && policy && (
        <p className="consent__policy">
          <a href={policy.url} target="_blank" rel="noopener noreferrer">
            {policy.title}
            <span className="visually-hidden">{t("common.opensInNewTab")}</span>
          </a>
        </p>
      )}
    </div>
  );
}
