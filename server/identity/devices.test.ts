import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  createTestApi,
  insertAccount,
  loggedInBrowser,
  type TestAccount,
  type TestApi,
  type TestBrowser,
} from "../../tests/api-harness.ts";
import { createApi } from "../api/app.ts";
import { maskAddress } from "./devices.ts";
import { REAUTHENTICATION_WINDOW_MS } from "./reauthentication.ts";

const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";

let t: TestApi;
let member: TestAccount;
let here: TestBrowser;
let phone: TestBrowser;

async function json(response: Response) {
  return (await response.json()) as Record<string, unknown>;
}

interface Device {
  deviceId: string;
  device: string | null;
  browser: string | null;
  address: string | null;
  loginMethod: string | null;
  isCurrent: boolean;
}

const devicesOf = async (browser: TestBrowser) =>
  (await json(await browser.get("/zapi/internal/mypage/devices/screen-data"))).devices as Device[];

beforeEach(async () => {
  t = await createTestApi();
  member = await insertAccount(t, { email: "hanako@example.jp", password: "Passw0rdA" });
  here = await loggedInBrowser(t, member);
  phone = await loggedInBrowser(t, member, { userAgent: IPHONE, clientAddress: "203.0.113.45" });
});
afterEach(() => t.close());

describe("the member's signed-in devices", () => {
  it("lists each live session: this one first and marked, device, browser, masked address, how it logged in", async () => {
    const devices = await devicesOf(here);
    expect(devices).toHaveLength(2);
    expect(devices[0]).toMatchObject({ isCurrent: true, device: "PC Macintosh", loginMethod: "Password" });
    expect(devices[1]).toMatchObject({
      isCurrent: false,
      device: "Mobile iPhone",
      browser: "Mobile Safari 18",
      address: "203.0.113.*",
      loginMethod: "Password",
    });
    expect(JSON.stringify(devices)).not.toContain(phone.cookies.get("sid") ?? "-");
  });

  it("signs another device out after re-authentication: its next request, through any worker, is a guest's", async () => {
    const phoneId = (await devicesOf(here)).find((device) => !device.isCurrent)?.deviceId ?? "";
    const ended = await here.post(`/zapi/account/devices/${phoneId}/logout`, {});
    expect(ended.status).toBe(200);
    // Another worker of the same database (a process of its own on PostgreSQL).
    const otherWorker = createApi(t.deps);
    const next = await otherWorker.request("/zapi/internal/mypage/screen-data", {
      headers: { cookie: `sid=${phone.cookies.get("sid")}` },
    });
    expect(next.status).toBe(401);
    expect((await here.get("/zapi/internal/mypage/screen-data")).status).toBe(200);
    expect(await devicesOf(here)).toHaveLength(1);
  });

  it("refuses without a re-authentication within 10 minutes, another member's device, and this one", async () => {
    const phoneId = (await devicesOf(here)).find((device) => !device.isCurrent)?.deviceId ?? "";
    const stranger = await insertAccount(t, { email: "taro@example.jp", password: "Passw0rdB" });
    const strangerBrowser = await loggedInBrowser(t, stranger);
    const notTheirs = await strangerBrowser.post(`/zapi/account/devices/${phoneId}/logout`, {});
    expect(notTheirs.status).toBe(404);
    expect(await json(notTheirs)).toMatchObject({ code: "DEVICE_NOT_FOUND" });

    const hereId = (await devicesOf(here)).find((device) => device.isCurrent)?.deviceId ?? "";
    expect((await here.post(`/zapi/account/devices/${hereId}/logout`, {})).status).toBe(409);

    t.clock.advance(REAUTHENTICATION_WINDOW_MS);
    const stale = await here.post(`/zapi/account/devices/${phoneId}/logout`, {});
    expect(stale.status).toBe(403);
    expect(await json(stale)).toMatchObject({ code: "REAUTHENTICATION_REQUIRED" });
    expect((await here.post("/zapi/account/devices/logout-others", {})).status).toBe(403);
    expect(await devicesOf(here)).toHaveLength(2);
  });

  it("「他のすべての端末からログアウト」 ends all but this one", async () => {
    const tablet = await loggedInBrowser(t, member, { clientAddress: "198.51.100.99" });
    expect(await devicesOf(here)).toHaveLength(3);
    expect((await here.post("/zapi/account/devices/logout-others", {})).status).toBe(200);
    expect((await devicesOf(here)).map((device) => device.isCurrent)).toEqual([true]);
    expect((await phone.get("/zapi/internal/mypage/screen-data")).status).toBe(401);
    expect((await tablet.get("/zapi/internal/mypage/screen-data")).status).toBe(401);
  });
});

describe("maskAddress", () => {
  it("hides the last part of an address", () => {
    expect(maskAddress("203.0.113.45")).toBe("203.0.113.*");
    expect(maskAddress("::ffff:203.0.113.45")).toBe("203.0.113.*");
    expect(maskAddress("2001:db8:85a3:8d3:1319:8a2e:370:7348")).toBe("2001:db8:85a3:8d3:*");
    expect(maskAddress(null)).toBeNull();
  });
});
