// @vitest-environment jsdom
import { screen as view, waitFor } from "@testing-library/react";
import { En as MEDIA_CHROME_EN } from "media-chrome/dist/lang/en.js";
import { afterEach, describe, expect, it, vi } from "vitest";
import { demoStore, makeRootData, renderElement } from "../../../tests/render.tsx";
import { MEDIA_CHROME_JA } from "./media-chrome-ja.ts";
import { TestVideo } from "./test-video.tsx";
import { isPlayableUrl, PLAYBACK_FETCH_PATH } from "./test-video-player.ts";

const CLIP = {
  refId: "sample-trailer-001",
  url: "/media/test-clip.mp4",
  type: "video/mp4",
  captions: [{ language: "ja", url: "/media/test-clip.ja.vtt" }],
};

function answer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

afterEach(() => vi.unstubAllGlobals());

describe("the purchase form's test video", () => {
  it("loads nothing until the member presses play", async () => {
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    await renderElement(<TestVideo />);
    expect(await view.findByRole("heading", { name: "テスト動画" })).toBeTruthy();
    expect(view.getByRole("button", { name: "テスト動画を再生する" })).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("asks for the store's test video, then plays it in the player with its captions", async () => {
    const fetch = vi.fn(async () => answer(200, CLIP));
    vi.stubGlobal("fetch", fetch);
    const { user } = await renderElement(<TestVideo />);
    await user.click(await view.findByRole("button", { name: "テスト動画を再生する" }));
    await waitFor(() => expect(document.querySelector("video source")).not.toBeNull());
    expect(fetch).toHaveBeenCalledWith(
      PLAYBACK_FETCH_PATH,
      expect.objectContaining({ method: "POST", body: JSON.stringify({ refId: "sample-trailer-001" }) }),
    );
    expect(document.querySelector("video source")?.getAttribute("src")).toBe("/media/test-clip.mp4");
    expect(document.querySelector("video track")?.getAttribute("src")).toBe("/media/test-clip.ja.vtt");
    expect(document.querySelector("video")?.getAttribute("aria-label")).toBe("テスト動画");
    expect(view.queryByRole("button", { name: "テスト動画を再生する" })).toBeNull();
  });

  it("says the API's message when the video cannot be played, and lets the member try again", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => answer(404, { code: "MEDIA_NOT_FOUND", message: "この動画は再生できません。" })),
    );
    const { user } = await renderElement(<TestVideo />);
    await user.click(await view.findByRole("button", { name: "テスト動画を再生する" }));
    expect((await view.findByRole("alert")).textContent).toBe("この動画は再生できません。");
    expect(view.getByRole("button", { name: "テスト動画を再生する" })).toBeTruthy();
    expect(document.querySelector("video")).toBeNull();
  });

  it("plays nothing from another site, whatever the answer says", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => answer(200, { ...CLIP, url: "//evil.example/x.mp4" })),
    );
    const { user } = await renderElement(<TestVideo />);
    await user.click(await view.findByRole("button", { name: "テスト動画を再生する" }));
    expect((await view.findByRole("alert")).textContent).toBe("テスト動画を再生できませんでした。");
    expect(document.querySelector("video")).toBeNull();
  });

  it("is absent when the store names no test video", async () => {
    const store = { ...demoStore, player: { playbackRates: [1] } };
    await renderElement(
      <>
        <p>form</p>
        <TestVideo />
      </>,
      { root: makeRootData({ storeSettingData: store }) },
    );
    await view.findByText("form");
    expect(view.queryByRole("heading", { name: "テスト動画" })).toBeNull();
  });

  it("reads only this site's paths and https URLs", () => {
    expect(isPlayableUrl("/media/test-clip.mp4")).toBe(true);
    expect(isPlayableUrl("https://cdn.example/clip.mp4")).toBe(true);
    for (const url of [
      "//evil.example/a",
      "/\\evil.example",
      "http://x/a",
      "javascript:alert(1)",
      "",
      7,
      null,
    ]) {
      expect(isPlayableUrl(url), String(url)).toBe(false);
    }
  });

  it("has Japanese for every text of the controls it uses (the captions button too)", () => {
    // The texts of controls the player does not put on the page (casting, picture in picture…).
    const unused =
      /airplay|casting|picture in picture|Loop|Quality|quality|Settings|settings|Auto|Audio|audio|chapter|live|seek (back|forward) \{|Encryption|encrypted/;
    const missing = Object.keys(MEDIA_CHROME_EN).filter(
      (key) => !unused.test(key) && !(key in MEDIA_CHROME_JA),
    );
    expect(missing).toEqual([]);
  });
});
