/**
 * Runs in Chromium (scripts/make-test-clip.ts): draws the test clip frame by frame on a canvas and
 * encodes it with WebCodecs through mediabunny — H.264 video and Opus audio in an MP4 with its
 * duration and index, so every browser can seek it. Frames are drawn for their timestamps, not in
 * real time: the same script makes the same picture on any machine.
 */
import { AudioBufferSource, BufferTarget, CanvasSource, Mp4OutputFormat, Output } from "mediabunny";

const WIDTH = 640;
const HEIGHT = 360;
const FPS = 30;
const SECONDS = 10;
const SAMPLE_RATE = 48_000;
/** The 75 % colour bars of a broadcast test card. */
const BARS = ["#c0c0c0", "#c0c000", "#00c0c0", "#00c000", "#c000c0", "#c00000", "#0000c0"];

function drawFrame(context: CanvasRenderingContext2D, time: number) {
  const barWidth = WIDTH / BARS.length;
  BARS.forEach((colour, index) => {
    context.fillStyle = colour;
    context.fillRect(Math.floor(index * barWidth), 0, Math.ceil(barWidth), HEIGHT * 0.62);
  });
  context.fillStyle = "#101418";
  context.fillRect(0, HEIGHT * 0.62, WIDTH, HEIGHT * 0.38);
  // A ball that crosses the screen once a second pair: judder and dropped frames show at once.
  const phase = (time % 2) / 2;
  const x = 40 + (WIDTH - 80) * (phase < 0.5 ? phase * 2 : 2 - phase * 2);
  context.fillStyle = "#ffffff";
  context.beginPath();
  context.arc(x, HEIGHT * 0.62 + 24, 12, 0, Math.PI * 2);
  context.fill();
  context.textAlign = "center";
  context.font = "600 30px 'Noto Sans CJK JP', sans-serif";
  context.fillText("テスト映像 · Test video", WIDTH / 2, HEIGHT * 0.62 + 82);
  const seconds = Math.floor(time);
  context.font = "500 26px monospace";
  context.fillText(`00:${String(seconds).padStart(2, "0")} / 00:${SECONDS}`, WIDTH / 2, HEIGHT * 0.62 + 122);
}

/** A 1 kHz beep for the first tenth of every second (a higher one on the first), silence between. */
function soundtrack(): AudioBuffer {
  const buffer = new AudioBuffer({
    length: SAMPLE_RATE * SECONDS,
    numberOfChannels: 2,
    sampleRate: SAMPLE_RATE,
  });
  for (let channel = 0; channel < 2; channel += 1) {
    const samples = buffer.getChannelData(channel);
    for (let second = 0; second < SECONDS; second += 1) {
      const frequency = second === 0 ? 2000 : 1000;
      const start = second * SAMPLE_RATE;
      for (let i = 0; i < SAMPLE_RATE / 10; i += 1) {
        samples[start + i] = 0.3 * Math.sin((2 * Math.PI * frequency * i) / SAMPLE_RATE);
      }
    }
  }
  return buffer;
}

export async function makeClip(): Promise<string> {
  const canvas = document.createElement("canvas");
  canvas.width = WIDTH;
  canvas.height = HEIGHT;
  const context = canvas.getContext("2d");
  if (!context) throw new Error("no 2D canvas");
  await document.fonts.load("600 30px 'Noto Sans CJK JP'", "テスト映像");

  const target = new BufferTarget();
  const output = new Output({ format: new Mp4OutputFormat({ fastStart: "in-memory" }), target });
  const video = new CanvasSource(canvas, { codec: "avc", bitrate: 250_000, keyFrameInterval: 2 });
  const audio = new AudioBufferSource({ codec: "opus", bitrate: 48_000 });
  output.addVideoTrack(video, { frameRate: FPS });
  output.addAudioTrack(audio);
  await output.start();
  for (let frame = 0; frame < FPS * SECONDS; frame += 1) {
    drawFrame(context, frame / FPS);
    await video.add(frame / FPS, 1 / FPS);
  }
  await audio.add(soundtrack());
  await output.finalize();
  const bytes = new Uint8Array(target.buffer ?? new ArrayBuffer(0));
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}
