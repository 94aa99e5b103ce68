/**
 * POST /api/streaks/playback/fetch {refId} (spec §7) → {refId, url, type}: where the player reads
 * a media item. The store's only media is its test video (`player.testVideoMediaRefId`), served
 * from our own clip (public/media/test-clip.mp4, made by scripts/make-test-clip.ts); any other
 * reference is 404. No session is needed: the clip is public, like the plans it sells.
 */
import { Hono } from "hono";
import type { Playback } from "../../schemas/types/playback.gen.ts";
import type { PlaybackFetchRequest } from "../../schemas/types/playback-fetch-request.gen.ts";
import type { ApiEnv } from "../api/context.ts";
import { apiError } from "../kit/messages.ts";
import { asRecord, checkRequest, REQUEST_SCHEMAS } from "../kit/request-schemas.ts";
import { readJsonBody } from "../kit/validation.ts";

/** The test clip as the client build serves it (paths of this site: no origin to configure). */
export const TEST_CLIP: Omit<Playback, "refId"> = {
  url: "/media/test-clip.mp4",
  type: "video/mp4",
  captions: [
    { language: "ja", url: "/media/test-clip.ja.vtt" },
    { language: "en", url: "/media/test-clip.en.vtt" },
  ],
};

export const playback = new Hono<ApiEnv>().post("/fetch", async (c) => {
  const { refId } = await checkRequest<PlaybackFetchRequest>(
    c,
    REQUEST_SCHEMAS.playbackFetch,
    asRecord(await readJsonBody(c)),
  );
  const testVideo = c.get("deps").store.current().settings.player?.testVideoMediaRefId;
  if (!testVideo || refId !== testVideo) throw await apiError(c, 404, "MEDIA_NOT_FOUND", "playback.notFound");
  const answer: Playback = { refId, ...TEST_CLIP };
  return c.json(answer);
});
