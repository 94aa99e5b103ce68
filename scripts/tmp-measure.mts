import { monitorEventLoopDelay } from "node:perf_hooks";
import { createJimp } from "@jimp/core";
import png from "@jimp/js-png";
import { createTestApi, insertAccount, TestBrowser } from "/work/main/tests/api-harness.ts";
import { gifFrameBomb, interlacedPngBomb } from "/work/main/tests/image-bombs.ts";

async function main() {
  const t = await createTestApi();
  const member = await insertAccount(t);
  const browser = new TestBrowser(t);
  await browser.post("/zapi/login", { emailUserId: member.email, password: member.password, loginMethod: "Password" });
  const guest = new TestBrowser(t);
  const Jimp = createJimp({ formats: [png] });
  const legit = `data:image/png;base64,${(await new Jimp({ width: 200, height: 200, color: 0x336699ff }).getBuffer("image/png")).toString("base64")}`;
  const gif = `data:image/gif;base64,${gifFrameBomb().toString("base64")}`;
  const pngBomb = `data:image/png;base64,${interlacedPngBomb(400 * 1024 * 1024).toString("base64")}`;
  console.log("png bomb base64 KB", Math.round(pngBomb.length / 1024));
  async function run(label: string, bodies: string[]) {
    await guest.get("/zapi/internal/root/screen-data");
    global.gc?.();
    const rss0 = process.memoryUsage().rss;
    let peak = rss0;
    const waits: number[] = [];
    let going = true;
    const h = monitorEventLoopDelay({ resolution: 5 });
    h.enable();
    const poll = (async () => {
      while (going) {
        const s = performance.now();
        await guest.get("/zapi/internal/root/screen-data");
        waits.push(performance.now() - s);
        peak = Math.max(peak, process.memoryUsage().rss);
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    const s = performance.now();
    const statuses = (await Promise.all(bodies.map((profileImage) => browser.post("/zapi/account/profile-image", { profileImage })))).map((r) => r.status);
    const took = performance.now() - s;
    await new Promise((r) => setTimeout(r, 150));
    going = false;
    await poll;
    h.disable();
    console.log(label, { statuses: statuses.join(","), tookMs: Math.round(took), maxPageWaitMs: Math.round(Math.max(...waits)), pages: waits.length, loopDelayMaxMs: Math.round(h.max / 1e6), rssGrowthMB: Math.round((peak - rss0) / 1e6) });
    t.clock.advance(200_000);
  }
  await run("GIF frame bomb + interlaced PNG bomb (400 MB unpacked), twice each at once", [gif, pngBomb, gif, pngBomb]);
  await run("one legitimate 200x200 PNG, cold worker", [legit]);
  await run("five legitimate PNGs at once, warm", [legit, legit, legit, legit, legit]);
  await t.close();
}
main();
