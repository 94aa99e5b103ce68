import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestApi, type TestApi } from "../../tests/api-harness.ts";
import { TEST_CLIP } from "./playback.ts";

let t: TestApi;
beforeEach(async () => {
  t = await createTestApi();
});
afterEach(() => t.close());

async function fetchPlayback(body: unknown, headers: Record<string, string> = {}) {
  const response = await t.api.request("/api/streaks/playback/fetch", {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json(), headers: response.headers };
}

describe("POST /api/streaks/playback/fetch", () => {
  it("names files the client build ships", () => {
    for (const url of [TEST_CLIP.url, ...TEST_CLIP.captions.map((track) => track.url)]) {
      expect(existsSync(resolve(import.meta.dirname, "../../public", `.${url}`)), url).toBe(true);
    }
  });

  it("answers the store's test video with the clip's URL and type", async () => {
    const { status, body, headers } = await fetchPlayback({ refId: "sample-trailer-001" });
    expect(status).toBe(200);
    expect(body).toEqual({
      refId: "sample-trailer-001",
      url: "/media/test-clip.mp4",
      type: "video/mp4",
      captions: [
        { language: "ja", url: "/media/test-clip.ja.vtt" },
        { language: "en", url: "/media/test-clip.en.vtt" },
      ],
    });
    expect(headers.get("Cache-Control")).toBe("no-store");
  });

  it("follows the store's setting: another reference is the test video once the operator names it", async () => {
    t.store.update((settings) => {
      settings.player = { ...settings.player, testVideoMediaRefId: "trailer-2027" };
    });
    expect((await fetchPlayback({ refId: "sample-trailer-001" })).status).toBe(404);
    expect((await fetchPlayback({ refId: "trailer-2027" })).body.url).toBe("/media/test-clip.mp4");
  });

  it("answers 404 for a media the store does not name, and when it names none", async () => {
    const unknown = await fetchPlayback({ refId: "someone-elses-film" });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: "MEDIA_NOT_FOUND", message: "この動画は再生できません。" });
    t.store.update((settings) => {
      settings.player = { playbackRates: [1] };
    });
    expect((await fetchPlayback({ refId: "sample-trailer-001" })).status).toBe(404);
  });

  it("refuses a body without a usable reference, in the request's language", async () => {
    for (const body of [
      {},
      { refId: "" },
      { refId: 7 },
      { refId: "x".repeat(201) },
      { refId: "a", extra: 1 },
    ]) {
      const answer = await fetchPlayback(body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.code).toBe("VALIDATION_ERROR");
    }
    const english = await fetchPlayback({ refId: "nope" }, { "Accept-Language": "en" });
    expect(english.body.message).toBe("This video cannot be played.");
  });

  it("is behind the API's checks: another site's page, another method and an unknown path are refused", async () => {
    const crossSite = await fetchPlayback(
      { refId: "sample-trailer-001" },
      { Origin: "https://evil.example" },
    );
    expect(crossSite.status).toBe(403);
    const get = await t.api.request("/api/streaks/playback/fetch");
    expect(get.status).toBe(405);
    expect(get.headers.get("Allow")).toBe("POST");
    const unknown = await t.api.request("/api/streaks/nothing-here", { method: "POST" });
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).code).toBe("NOT_FOUND");
  });
});
