/**
 * Issue 40 §3: on the embedded default (no PUBLIC_ORIGIN) a person who types 127.0.0.1 lands on the
 * one origin cookies and the Origin check belong to, and logging in works there. This spec runs a
 * server of its own, as `npm start` does, on a seeded data folder of its own.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { freePort, type ServerProcess, startServer } from "../server-process.ts";
import { waitUntilHydrated } from "./helpers.ts";
import { SEEDED_PASSWORD, USER_ID_HOLDER } from "./seeded-members.ts";

let server: ServerProcess | null = null;
let dataDir = "";
let port = 0;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  dataDir = mkdtempSync(join(tmpdir(), "canonical-origin-"));
  const seeded = spawnSync(process.execPath, ["--import", "tsx", "tests/e2e/seed.ts", dataDir], {
    encoding: "utf8",
  });
  if (seeded.status !== 0) throw new Error(`seed failed: ${seeded.stderr}`);
  port = await freePort();
  // No PUBLIC_ORIGIN: the embedded default, http://localhost:PORT.
  server = startServer({ PORT: String(port), DATA_DIR: dataDir });
  await server.waitFor(/ready: http:\/\//);
});

test.afterAll(async () => {
  if (server && server.child.exitCode === null) {
    server.child.kill("SIGTERM");
    await server.exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
});

test("typing 127.0.0.1 on the embedded default lands on localhost, where a password login works", async ({
  page,
}) => {
  await page.goto(`http://127.0.0.1:${port}/login?lng=ja`);
  await expect(page).toHaveURL(`http://localhost:${port}/login?lng=ja`);
  const submit = page.getByRole("button", { name: "ログイン", exact: true });
  await waitUntilHydrated(page, submit);
  await page.locator('[data-field="emailUserId"] input').fill(USER_ID_HOLDER.email);
  await page.locator('[data-field="password"] input').fill(SEEDED_PASSWORD);
  await submit.click();
  await page.waitForURL(`http://localhost:${port}/mypage`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});
