/**
 * /mypage/profile/edit (spec §2, §5 Profile image): choose a JPEG, PNG or GIF picture; the page
 * crops it to its centred square and scales it to 200×200 before sending (app/lib/profile-image.ts),
 * shows what will be saved, and saves or removes it through the action (POST
 * /zapi/account/profile-image). The header's picture follows once the page's data reloads.
 * Cropping needs the script: without it the page says so.
 */
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { data, useFetcher } from "react-router";
import type { AccountRouteHandle } from "../components/account/account-route-handle.ts";
import { Avatar } from "../components/images.tsx";
import { PageTitle } from "../components/shell/page-title.tsx";
import { fileProblem, PROFILE_IMAGE_TYPES, toProfileImageDataUrl } from "../lib/profile-image.ts";
import { PROFILE_IMAGE_SCREEN_DATA } from "../lib/screen-data-shapes.server.ts";
import { enforceAccess } from "../lib/screen-loader.server.ts";
import { callApi, followNext, loadScreenData } from "../lib/zapi.server.ts";
import type { Route } from "./+types/mypage-profile-edit";
// The account area's texts (my page, its sub-pages and screens: app/lib/translations/browser.ts).
import "../lib/translations/account.ts";

export const handle: AccountRouteHandle = { backTo: "/mypage" };

export async function loader(args: Route.LoaderArgs) {
  await enforceAccess(args, "member");
  return loadScreenData(args, undefined, undefined, PROFILE_IMAGE_SCREEN_DATA);
}

/** What the action answers: saved (or removed), or the API's message. */
export interface ProfileImageResult {
  ok: boolean;
  removed?: boolean;
  message?: string;
}

export async function action(args: Route.ActionArgs) {
  await enforceAccess(args, "member");
  const post = await args.request.formData().catch(() => null);
  const sent = post?.get("profileImage");
  if (typeof sent !== "string") return data<ProfileImageResult>({ ok: false }, { status: 400 });
  // An empty value is the remove button.
  const result = await callApi(args, "/zapi/account/profile-image", {
    body: { profileImage: sent === "" ? null : sent },
  });
  const { headers } = result;
  if (result.ok) return data<ProfileImageResult>({ ok: true, removed: sent === "" }, { headers });
  followNext(result);
  // What is wrong with the image says more than the summary.
  const [first] = Array.isArray(result.answer.errors)
    ? (result.answer.errors as { message?: unknown }[])
    : [];
  const message = typeof first?.message === "string" ? first.message : result.message;
  return data<ProfileImageResult>(
    { ok: false, ...(message ? { message } : {}) },
    { status: result.status, headers },
  );
}

export default function MypageProfileEdit({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const fetcher = useFetcher<ProfileImageResult>();
  const inputId = useId();
  const [chosen, setChosen] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [preparing, setPreparing] = useState(false);
  const busy = preparing || fetcher.state !== "idle";
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  const title = t("mypage.profileImagePage.title");
  const current = loaderData.profileImageUrl;

  async function choose(file: File | undefined) {
    setProblem(null);
    setChosen(null);
    if (!file) return;
    const refused = fileProblem(file);
    if (refused) {
      setProblem(t(`mypage.profileImagePage.${refused}`));
      return;
    }
    setPreparing(true);
    try {
      setChosen(await toProfileImageDataUrl(file));
    } catch {
      setProblem(t("mypage.profileImagePage.unreadable"));
    } finally {
      setPreparing(false);
    }
  }

  function send(profileImage: string) {
    fetcher.submit({ profileImage }, { method: "post" });
    setChosen(null);
  }

  return (
    <article className="screen profile-image">
      <PageTitle name={title} />
      <h1 className="screen__title">{title}</h1>
      <p className="screen__lead">{t("mypage.profileImagePage.lead")}</p>

      <div className="profile-image__pictures">
        <figure className="profile-image__figure">
          <span className="profile-image__frame">
            <Avatar src={current} />
          </span>
          <figcaption>{t("mypage.profileImagePage.current")}</figcaption>
        </figure>
        {chosen && (
          <figure className="profile-image__figure">
            <span className="profile-image__frame">
              <img src={chosen} alt={t("mypage.profileImagePage.previewAlt")} width={200} height={200} />
            </span>
            <figcaption>{t("mypage.profileImagePage.preview")}</figcaption>
          </figure>
        )}
      </div>

      <div aria-live="polite">
        {problem && (
          <p className="alert alert--error" role="alert">
            {problem}
          </p>
        )}
        {result && !result.ok && (
          <p className="alert alert--error" role="alert">
            {result.message ?? t("mypage.profileImagePage.failed")}
          </p>
        )}
        {result?.ok && (
          <p className="alert alert--success" role="status">
            {t(result.removed ? "mypage.profileImagePage.removed" : "mypage.profileImagePage.saved")}
          </p>
        )}
      </div>

      <noscript>
        <p className="alert alert--warning">{t("mypage.profileImagePage.needsScript")}</p>
      </noscript>

      <div className="profile-image__actions">
        <input
          id={inputId}
          className="visually-hidden"
          type="file"
          accept={PROFILE_IMAGE_TYPES.join(",")}
          disabled={busy}
          onChange={(event) => {
            void choose(event.currentTarget.files?.[0]);
            event.currentTarget.value = "";
          }}
        />
        <label className="btn btn--secondary profile-image__choose" htmlFor={inputId}>
          {t("mypage.profileImagePage.choose")}
        </label>
        <button
          type="button"
          className="btn btn--primary"
          disabled={!chosen || busy}
          aria-busy={busy || undefined}
          onClick={() => chosen && send(chosen)}
        >
          {t("mypage.profileImagePage.save")}
        </button>
        {current && (
          <button type="button" className="btn btn--text" disabled={busy} onClick={() => send("")}>
            {t("mypage.profileImagePage.remove")}
          </button>
        )}
      </div>
    </article>
  );
}
