/**
 * The guest page cache in the production build (issue 49, ADR 0038): a guest's /login comes from
 * memory with a CSP that allows its own inline scripts by hash, and hydrates with no violation; a
 * member never gets it; a store edit changes the next guest's page.
 */
import {
  EDITS_STORE,
  newEmail,
  readStoreFile,
  runWithStore,
  signUpMember,
  waitUntilHydrated,
  watchCsp,
} from "./helpers.ts";
import { expect, test } from "./visitor.ts";

test("a guest's cached page runs its own scripts under the hashed CSP, and a member never gets it", async ({
  page,
  request,
}) => {
  // Whichever test came first, the second guest request is served from memory.
  await request.get("/login");
  const reports = await watchCsp(page);
  const response = await page.goto("/login");
  expect(response?.headers()["x-page-cache"]).toBe("hit");
  const scriptSrc =
    /script-src ([^;]*)/.exec(response?.headers()["content-security-policy"] ?? "")?.[1] ?? "";
  expect(scriptSrc).toMatch(/'sha256-[A-Za-z0-9+/=]+'/);
  expect(scriptSrc).not.toMatch(/'nonce-/);
  expect(await response?.text()).not.toMatch(/nonce="[^"]+"/);
  await waitUntilHydrated(page, page.getByRole("button", { name: "ログイン", exact: true }).last());
  // A client-side navigation reads the cached data of another cacheable page.
  await page.getByRole("link", { name: "プライバシーポリシー" }).first().click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(reports).toEqual([]);

  // Signed in, the same URL is rendered for the member, with a nonce, and shows the member.
  await signUpMember(page, newEmail("page-cache"), "PageCache2026pass");
  const member = await page.goto("/");
  expect(member?.headers()["x-page-cache"]).toBeUndefined();
  expect(member?.headers()["content-security-policy"]).toMatch(/'nonce-[^']+'/);
  await expect(page.getByRole("link", { name: "マイページへ" })).toBeVisible();
  expect(reports).toEqual([]);
});

test.describe("a store edit", EDITS_STORE, () => {
  let demoStoreText = "";
  test.beforeAll(() => {
    demoStoreText = readStoreFile();
  });
  test.afterAll(async ({ request }) => {
    await runWithStore(request, demoStoreText);
  });

  test("changes the next guest's cached page", async ({ request }) => {
    await request.get("/");
    const before = await request.get("/");
    expect(before.headers()["x-page-cache"]).toBe("hit");
    expect(await before.text()).toContain("ソラミル");

    const store = JSON.parse(demoStoreText);
    store.serviceName = "ソラミル改";
    await runWithStore(request, JSON.stringify(store, null, 2));

    const after = await request.get("/");
    expect(after.headers()["x-page-cache"]).toBe("miss");
    expect(await after.text()).toContain("ソラミル改");
  });
});
