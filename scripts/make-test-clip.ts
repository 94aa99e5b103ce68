/**
 * Makes public/media/test-clip.mp4, the purchase form's test video (issue 43 §8): our own 10-second
 * picture and sound, encoded by Chromium's WebCodecs (no ffmpeg), and its captions in Japanese and
 * English (test-clip.ja.vtt, test-clip.en.vtt). Run it again after changing
 * scripts/test-clip/draw.ts: `npm run make:test-clip`. Needs Chromium (CHROMIUM_PATH, else
 * /usr/bin/chromium) with the CJK fonts.
 */
import { writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { chromium } from "@playwright/test";
import { build } from "esbuild";

const OUTPUT = resolve(import.meta.dirname, "../public/media/test-clip.mp4");
/** What the soundtrack says in words (scripts/test-clip/draw.ts: a beep each second, a higher first one). */
const CAPTIONS = {
  ja: "［確認音］1秒ごとに「ピッ」と鳴ります（最初の音は高め）",
  en: "[Test tone] A beep every second (the first one higher)",
};

for (const [language, text] of Object.entries(CAPTIONS)) {
  const path = resolve(import.meta.dirname, `../public/media/test-clip.${language}.vtt`);
  writeFileSync(path, `WEBVTT\n\n00:00:00.000 --> 00:00:10.000\n${text}\n`);
}
// WebCodecs exists only in a secure context: the page is served under https by the test's own route.
const PAGE_URL = "https://test-clip.invalid/";

const bundle = await build({
  entryPoints: [resolve(import.meta.dirname, "test-clip/draw.ts")],
  bundle: true,
  format: "iife",
  globalName: "testClip",
  write: false,
  target: "chrome120",
});
const script = bundle.outputFiles[0]?.text ?? "";
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox"],
});
try {
  const page = await browser.newPage();
  await page.route(PAGE_URL, (route) =>
    route.fulfill({
      contentType: "text/html",
      body: "<!doctype html><meta charset=utf-8><title>clip</title>",
    }),
  );
  await page.goto(PAGE_URL);
  await page.addScriptTag({ content: script });
  const base64 = await page.evaluate(() =>
    (globalThis as unknown as { testClip: { makeClip(): Promise<string> } }).testClip.makeClip(),
  );
  const bytes = Buffer.from(base64, "base64");
  writeFileSync(OUTPUT, bytes);
  console.log(`wrote ${OUTPUT}: ${(bytes.length / 1024).toFixed(0)} KB`);
} finally {
  await browser.close();
}
