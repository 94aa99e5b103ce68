/**
 * /mypage/passkeys (ADR 0050): the member's passkeys — name, when added and last used, synced or
 * on one device — with renaming (`?rename={id}`, a plain form) and deleting (the confirm dialog,
 * `?confirm=delete&about={id}`), both posted to the route action; and adding one, which only the
 * browser's WebAuthn can do (a button that fetches the ceremony when pressed).
 */
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link, useActionData, useNavigate, useSearchParams } from "react-router";
import type { PasskeysScreenData } from "../../../schemas/types/passkeys-screen-data.gen.ts";
import { useHydrated } from "../../../widgets/use-hydrated.ts";
import { formatDateTime } from "../../lib/format.ts";
import { ConfirmDialog, useConfirmQuestion } from "../confirm-dialog.tsx";
import "../account/security-cards.css";

type Passkey = PasskeysScreenData["passkeys"][number];

const DONE = new Set(["added", "renamed", "deleted"]);
const PAGE = "/mypage/passkeys";

function AddPasskey({ allowed }: { allowed: boolean }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function add() {
    setBusy(true);
    setProblem(null);
    const outcome = await (await import("./passkey-ceremony.ts")).addPasskey();
    setBusy(false);
    if (outcome.ok) {
      navigate(`${PAGE}?done=added`, { replace: true });
      return;
    }
    setProblem(
      outcome.message ?? t(outcome.reason === "unsupported" ? "passkeys.unsupported" : "passkeys.notAdded"),
    );
  }

  if (!allowed) return <p className="security-cards__note">{t("passkeys.limit")}</p>;
  return (
    <div className="security-cards__add">
      <button
        type="button"
        className="btn btn--primary"
        onClick={add}
        disabled={!hydrated || busy}
        aria-busy={busy}
      >
        {busy ? t("passkeys.adding") : t("passkeys.add")}
      </button>
      <noscript>
        <p className="security-cards__note">{t("passkeys.needsJavaScript")}</p>
      </noscript>
      {problem && (
        <p className="alert alert--error" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}

function RenameForm({ passkey, closeTo }: { passkey: Passkey; closeTo: string }) {
  const { t } = useTranslation();
  const inputId = `passkey-name-${passkey.passkeyId}`;
  const input = useRef<HTMLInputElement>(null);
  // The member asked to rename this one: its name is what comes next.
  useEffect(() => input.current?.select(), []);
  return (
    <Form method="post" action={closeTo} className="security-cards__rename">
      <input type="hidden" name="intent" value="rename" />
      <input type="hidden" name="passkeyId" value={passkey.passkeyId} />
      <label htmlFor={inputId} className="security-cards__rename-label">
        {t("passkeys.nameLabel")}
      </label>
      <input
        ref={input}
        id={inputId}
        name="name"
        className="sf-input"
        defaultValue={passkey.name}
        maxLength={60}
        required
      />
      <div className="security-cards__rename-buttons">
        <Link to={closeTo} replace preventScrollReset className="btn btn--secondary">
          {t("passkeys.cancel")}
        </Link>
        <button type="submit" className="btn btn--primary">
          {t("passkeys.save")}
        </button>
      </div>
    </Form>
  );
}

export function PasskeyList({ screenData }: { screenData: PasskeysScreenData }) {
  const { t } = useTranslation();
  // The route action's refusal of the last post (routes/mypage-passkeys.tsx).
  const refusal = useActionData<{ message?: string }>()?.message ?? null;
  const [query] = useSearchParams();
  const { asked, closeTo, ask } = useConfirmQuestion();
  const done = query.get("done");
  const renaming = query.get("rename");
  const deleting =
    asked?.kind === "delete"
      ? screenData.passkeys.find((passkey) => passkey.passkeyId === asked.about)
      : undefined;
  const closeRename = (() => {
    const rest = new URLSearchParams(query);
    rest.delete("rename");
    rest.delete("done");
    return rest.size > 0 ? `${PAGE}?${rest}` : PAGE;
  })();

  return (
    <div className="security-cards stack">
      {done && DONE.has(done) && (
        <p className="alert alert--success" role="status">
          {t(`passkeys.${done}`)}
        </p>
      )}
      {refusal && (
        <p className="alert alert--error" role="alert">
          {refusal}
        </p>
      )}
      <AddPasskey allowed={screenData.isAddAllowed} />
      <section className="security-cards__section" aria-labelledby="passkeys-list">
        <h2 id="passkeys-list" className="section-title">
          {t("passkeys.listLabel")}
        </h2>
        {screenData.passkeys.length === 0 ? (
          <p className="security-cards__note">{t("passkeys.empty")}</p>
        ) : (
          <ul className="security-cards__list">
            {screenData.passkeys.map((passkey) => (
              <li key={passkey.passkeyId} className="security-cards__item">
                <h3 className="security-cards__name">{passkey.name}</h3>
                <p className="security-cards__kind">
                  {t(passkey.synced ? "passkeys.synced" : "passkeys.deviceBound")}
                </p>
                <dl className="security-cards__facts">
                  <div>
                    <dt>{t("passkeys.createdAt")}</dt>
                    <dd>{formatDateTime(passkey.createdAt, t)}</dd>
                  </div>
                  <div>
                    <dt>{t("passkeys.lastUsedAt")}</dt>
                    <dd>
                      {passkey.lastUsedAt ? formatDateTime(passkey.lastUsedAt, t) : t("passkeys.neverUsed")}
                    </dd>
                  </div>
                </dl>
                {renaming === passkey.passkeyId ? (
                  <RenameForm passkey={passkey} closeTo={closeRename} />
                ) : (
                  <p className="security-cards__actions">
                    <Link
                      to={`${PAGE}?rename=${encodeURIComponent(passkey.passkeyId)}`}
                      replace
                      preventScrollReset
                      aria-label={`${t("passkeys.rename")}: ${passkey.name}`}
                    >
                      {t("passkeys.rename")}
                    </Link>
                    {screenData.isDeleteAllowed && (
                      <Link
                        to={ask("delete", passkey.passkeyId)}
                        replace
                        preventScrollReset
                        aria-label={`${t("passkeys.delete")}: ${passkey.name}`}
                      >
                        {t("passkeys.delete")}
                      </Link>
                    )}
                  </p>
                )}
              </li>
            ))}
          </ul>
        )}
        {!screenData.isDeleteAllowed && screenData.passkeys.length > 0 && (
          <p className="security-cards__note">{t("passkeys.lastWayIn")}</p>
        )}
      </section>
      {deleting && (
        <ConfirmDialog
          title={t("passkeys.deleteTitle", { name: deleting.name })}
          closeTo={closeTo}
          closeLabel={t("passkeys.cancel")}
          confirmLabel={t("passkeys.deleteConfirm")}
          fields={{ intent: "delete", passkeyId: deleting.passkeyId }}
        >
          <p>{t("passkeys.deleteBody")}</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
