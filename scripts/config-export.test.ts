/**
 * `npm run config:export` on a stopped embedded default: the store file gets the version in force
 * (a console publication), a second run changes nothing, and without any version it says so; the
 * clients file gets its secrets opened with the server's key.
 */
import { copyFileSync, cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPglite } from "../server/db/database.ts";
import { staff } from "../server/db/schema.ts";
import { createSecretBox, loadSecretKey } from "../server/kit/secret-box.ts";
import { oidcClientsContent } from "../server/oidc/client-source.ts";
import { importFileVersion, publishVersion } from "../server/store/config-versions.ts";
import { loadPolicies } from "../server/store/policy-source.ts";
import { runScript } from "../tests/run-script.ts";

let folder: string;
let storeFile: string;

function exportSettings() {
  return runScript("scripts/config-export.ts", [], {
    DATA_DIR: join(folder, "data"),
    DATABASE_URL: "",
    STORE_CONFIG: storeFile,
  });
}

beforeAll(() => {
  folder = mkdtempSync(join(tmpdir(), "config-export-"));
  storeFile = join(folder, "store.json");
  copyFileSync(resolve(import.meta.dirname, "../config/store.json"), storeFile);
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe("npm run config:export", () => {
  it("says there is nothing to export before the first version", async () => {
    const answer = await exportSettings();
    expect(answer.code).toBe(0);
    expect(answer.stdout).toMatch(/No store settings version yet/);
  });

  it("writes the version in force to the store file, once", async () => {
    const settings = JSON.parse(readFileSync(storeFile, "utf8"));
    const database = await openPglite(join(folder, "data", "db"));
    try {
      const now = new Date();
      await importFileVersion(database.db, "store", settings, now);
      const [owner] = await database.db
        .insert(staff)
        .values({ email: "owner@example.jp", role: "owner" })
        .returning({ id: staff.id });
      await publishVersion(
        database.db,
        "store",
        { ...settings, serviceName: "ソラミルPlus" },
        { staffId: owner?.id ?? "", ip: null, note: "名前を変更", now },
      );
    } finally {
      await database.close();
    }
    const written = await exportSettings();
    expect(written.stderr).toBe("");
    expect(written.stdout).toMatch(/now holds version 2 of the store settings/);
    const text = readFileSync(storeFile, "utf8");
    expect(JSON.parse(text)).toEqual({ ...settings, serviceName: "ソラミルPlus" });
    expect(text.endsWith("}\n")).toBe(true);

    const again = await exportSettings();
    expect(again.stdout).toMatch(/already holds version 2/);
  });

  it("writes the clients' newest version with its secrets opened, keeping the file's $schema", async () => {
    const clientsFile = join(folder, "oidc-clients.json");
    writeFileSync(
      clientsFile,
      `${JSON.stringify({ $schema: "../schemas/oidc-clients.schema.json", clients: [] })}\n`,
    );
    const client = {
      client_id: "video-app",
      client_name: "Video App",
      client_secret: "the client's secret of at least 32 characters",
      token_endpoint_auth_method: "client_secret_basic" as const,
      redirect_uris: ["https://app.example.com/callback"] as [string],
    };
    // Sealed as the server seals it, with the data directory's key.
    const box = createSecretBox(loadSecretKey(null, join(folder, "data", "encryption.key")));
    const database = await openPglite(join(folder, "data", "db"));
    try {
      await importFileVersion(
        database.db,
        "clients",
        oidcClientsContent({ clients: [client] }, box),
        new Date(),
      );
    } finally {
      await database.close();
    }
    const written = await exportSettings();
    expect(written.stderr).toBe("");
    expect(written.stdout).toMatch(/oidc-clients\.json now holds version 1 of the login provider's clients/);
    expect(JSON.parse(readFileSync(clientsFile, "utf8"))).toEqual({
      $schema: "../schemas/oidc-clients.schema.json",
      clients: [client],
    });
    expect((await exportSettings()).stdout).toMatch(/oidc-clients\.json already holds version 1/);
  });

  it("writes the policies' newest version as their folder: the manifest and a Markdown file per text", async () => {
    const policiesDir = join(folder, "policies");
    cpSync(resolve(import.meta.dirname, "../config/policies"), policiesDir, { recursive: true });
    const demo = loadPolicies(policiesDir).content;
    const [terms, ...others] = demo.policies;
    if (!terms) throw new Error("the demo has terms");
    const next = { revision: 9, effectiveFrom: "2099-01-01", textJa: "## 第1条\n\n新しい規約です。\n" };
    const database = await openPglite(join(folder, "data", "db"));
    try {
      await importFileVersion(
        database.db,
        "policies",
        { policies: [{ ...terms, revisions: [...terms.revisions, next] }, ...others] },
        new Date(),
      );
    } finally {
      await database.close();
    }
    const written = await exportSettings();
    expect(written.stderr).toBe("");
    expect(written.stdout).toMatch(/policies now holds version 1 of the policies/);
    expect(readFileSync(join(policiesDir, "terms/9.ja.md"), "utf8")).toBe(next.textJa);
    const reloaded = loadPolicies(policiesDir);
    expect(reloaded.content.policies[0]?.revisions.at(-1)).toEqual(next);
    expect(reloaded.content.policies.slice(1)).toEqual(others);
    expect((await exportSettings()).stdout).toMatch(/policies already holds version 1/);
  });
});
