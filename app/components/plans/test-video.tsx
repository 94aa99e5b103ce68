/**
 * The purchase form's test video (issue 43 §8): a member checks that videos play here before
 * buying. The page carries only this play button; pressing it loads the rest
 * (test-video-player.ts: the playback call and the player), so nothing of the player weighs on
 * the form. Hidden when the store names no test video (`player.testVideoMediaRefId`).
 */
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useRootData } from "../../root.tsx";

export function TestVideo() {
  const { t, i18n } = useTranslation();
  const player = useRootData()?.storeSettingData.player;
  const host = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<"idle" | "loading" | "playing">("idle");
  const [error, setError] = useState<string | null>(null);
  const refId = player?.testVideoMediaRefId;
  if (!refId) return null;

  const play = async () => {
    setState("loading");
    setError(null);
    let message: string | null = null;
    try {
      const code = await import("./test-video-player.ts");
      const outcome = await code.fetchPlayback(refId);
      if (outcome.ok && host.current) {
        // The player lives in the host, whose children React leaves alone; shown before it starts.
        host.current.hidden = false;
        code.mountPlayer(host.current, outcome.playback, {
          rates: player.playbackRates ?? [1],
          language: i18n.language === "en" ? "en" : "ja",
          title: t("plans.testVideo.title"),
        });
        setState("playing");
        return;
      }
      if (!outcome.ok) message = outcome.message;
    } catch {
      // The player's code could not be loaded (offline): the page's own text says so.
    }
    setState("idle");
    setError(message ?? t("plans.testVideo.failed"));
  };
  const loading = state === "loading";
  return (
    <section className="test-video">
      <h2>{t("plans.testVideo.title")}</h2>
      <p>{t("plans.testVideo.lead")}</p>
      <div ref={host} hidden={state !== "playing"} />
      {state !== "playing" && (
        <button
          type="button"
          className="test-video__stage"
          onClick={play}
          disabled={loading}
          aria-busy={loading}
        >
          <span className="test-video__play-icon" aria-hidden="true" />
          {t(loading ? "common.loading" : "plans.testVideo.play")}
        </button>
      )}
      {error && (
        <p className="alert alert--error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
