/**
 * The test video's player, loaded only when the member presses play (test-video.tsx): the
 * playback call (spec §7 POST /api/streaks/playback/fetch {refId}) and media-chrome's controls
 * around the browser's own video element, with the store's playback rates, the player colour
 * (--color-player) and captions. Plain DOM, no React: this module shares nothing with the page's
 * code, so loading it leaves the page's chunks as they are. No metrics are sent (spec §9):
 * media-chrome sends none. Only the controls used are registered, not the whole library.
 */
import "media-chrome/dist/media-controller.js";
import "media-chrome/dist/media-control-bar.js";
import "media-chrome/dist/media-play-button.js";
import "media-chrome/dist/media-time-range.js";
import "media-chrome/dist/media-time-display.js";
import "media-chrome/dist/media-mute-button.js";
import "media-chrome/dist/media-captions-button.js";
import "media-chrome/dist/media-playback-rate-button.js";
import "media-chrome/dist/media-fullscreen-button.js";
import "media-chrome/dist/media-loading-indicator.js";
import { addTranslation } from "media-chrome/dist/utils/i18n.js";
import type { Playback } from "../../../schemas/types/playback.gen.ts";
import { MEDIA_CHROME_JA } from "./media-chrome-ja.ts";

addTranslation("ja", MEDIA_CHROME_JA);

export const PLAYBACK_FETCH_PATH = "/api/streaks/playback/fetch";

/** A URL the player may read: a path of this site, or https. Anything else is not played. */
export function isPlayableUrl(url: unknown): url is string {
  if (typeof url !== "string") return false;
  if (url.startsWith("/")) return !url.startsWith("//") && !url.startsWith("/\\");
  return url.startsWith("https://");
}

/** The playback, or why not: the API's message when it sent one, else null (the page's own text). */
export type FetchOutcome = { ok: true; playback: Playback } | { ok: false; message: string | null };

/** Asks the API where the media is; an answer naming nothing this page may play is a failure. */
export async function fetchPlayback(refId: string): Promise<FetchOutcome> {
  const { apiRequest, ApiClientError } = await import("../../lib/api-client.ts");
  try {
    // No retries: a failure shows at once, and the member presses play again.
    const answer = await apiRequest<Partial<Playback> & { message?: unknown }>(PLAYBACK_FETCH_PATH, {
      body: { refId },
    });
    if (!isPlayableUrl(answer.url) || typeof answer.type !== "string") {
      return { ok: false, message: typeof answer.message === "string" ? answer.message : null };
    }
    const captions = (Array.isArray(answer.captions) ? answer.captions : []).filter((track) =>
      isPlayableUrl(track.url),
    );
    return { ok: true, playback: { refId, url: answer.url, type: answer.type, captions } };
  } catch (error) {
    return { ok: false, message: error instanceof ApiClientError ? error.apiMessage : null };
  }
}

export interface PlayerOptions {
  /** The store's playback rates (player.playbackRates); the rate button cycles through them. */
  rates: readonly number[];
  language: "ja" | "en";
  /** The video's accessible name. */
  title: string;
}

const CAPTION_LABELS: Record<string, string> = { ja: "日本語", en: "English" };

function element(name: string, attributes: Record<string, string> = {}, children: Node[] = []): HTMLElement {
  const node = document.createElement(name);
  for (const [attribute, value] of Object.entries(attributes)) node.setAttribute(attribute, value);
  node.append(...children);
  return node;
}

/** Puts the player in `host` (emptied first) and starts the clip: the member pressed play to get here. */
export function mountPlayer(host: HTMLElement, playback: Playback, options: PlayerOptions): void {
  const tracks = playback.captions.map((track) =>
    element("track", {
      kind: "captions",
      src: track.url,
      srclang: track.language,
      label: CAPTION_LABELS[track.language] ?? track.language,
      ...(track.language === options.language ? { default: "" } : {}),
    }),
  );
  const video = element(
    "video",
    { slot: "media", autoplay: "", playsinline: "", preload: "auto", "aria-label": options.title },
    [element("source", { src: playback.url, type: playback.type }), ...tracks],
  );
  // The seek bar has a row of its own: on a phone's width the buttons and the time leave it no room.
  const controls = [
    element("media-play-button"),
    element("media-time-display", { showduration: "" }),
    element("span", { class: "test-video__spacer" }),
    element("media-mute-button"),
    ...(tracks.length > 0 ? [element("media-captions-button")] : []),
    ...(options.rates.length > 1
      ? [element("media-playback-rate-button", { rates: options.rates.join(" ") })]
      : []),
    element("media-fullscreen-button"),
  ];
  const controller = element("media-controller", { lang: options.language, class: "test-video__player" }, [
    video,
    element("media-loading-indicator", { slot: "centered-chrome" }),
    element("media-control-bar", { class: "test-video__seek" }, [element("media-time-range")]),
    element("media-control-bar", {}, controls),
  ]);
  host.replaceChildren(controller);
}
