import { asc } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestApi, insertSignedInAccount, type TestApi, TestBrowser } from "../../tests/api-harness.ts";
import { signedInStaff } from "../../tests/console-harness.ts";
import { staff, staffAudit } from "../db/schema.ts";
import { oidcClientsInForce, parseOidcClients } from "../oidc/client-source.ts";
import { catalogueInForce } from "../store/catalogue-source.ts";
import { keepConfigurationsInForce } from "../store/config-in-force.ts";
import {
  configHistory,
  importFileVersion,
  publishVersion,
  versionContent,
} from "../store/config-versions.ts";
import { policyCatalogueInForce } from "../store/policy-source.ts";
import { storeSettingsInForce } from "../store/store-settings-source.ts";

let t: TestApi;

/** The test API with its store settings kept in force by versions, as server/main.ts keeps them. */
beforeEach(async () => {
  t = await createTestApi();
  const store = storeSettingsInForce(t.store);
  const catalogue = catalogueInForce(t.deps.catalogue);
  t.deps.store = store;
  t.deps.catalogue = catalogue;
  t.deps.configurations = await keepConfigurationsInForce(t.db, [store, ...catalogue.configurations], {
    now: () => t.clock.now(),
    intervalMs: 60_000,
    logger: { info: () => {}, error: () => {} },
  });
});
afterEach(async () => {
  t.deps.configurations?.close();
  await t.close();
});

const SELECT_ITEM = {
  id: "plan-interest",
  title: "興味のあるプラン",
  titleEn: "Plan you are interested in",
  type: "SELECT",
  rule: "OPTIONAL",
  selectOptions: [
    { id: "basic", label: "ベーシック", labelEn: "Basic" },
    { id: "premium", label: "プレミアム", labelEn: "Premium" },
  ],
};

async function registrationSection(browser: TestBrowser): Promise<Record<string, unknown>> {
  const answer = await browser.get("/zapi/console/settings/store/registration/screen-data");
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { value: Record<string, unknown> }).value;
}

async function auditActions(): Promise<string[]> {
  const rows = await t.db.select().from(staffAudit).orderBy(asc(staffAudit.id));
  return rows.map((row) => row.action).filter((action) => action.startsWith("config."));
}

describe("editing the store settings", () => {
  it("saves a section into a draft, lists what it changes, publishes it in force, and rolls it back", async () => {
    const editor = await signedInStaff(t, "config@example.jp", "configuration");
    const overview = await editor.get("/zapi/console/settings/store/screen-data");
    expect(await overview.json()).toMatchObject({ inForceNumber: 1, draft: null });

    const value = await registrationSection(editor);
    expect(value.nameKana).toBe("NOT_USE");
    const saved = await editor.post("/zapi/console/settings/store/registration", {
      ...value,
      nameKana: "REQUIRED",
      customAssociatedInfo: [...(value.customAssociatedInfo as unknown[]), SELECT_ITEM],
    });
    expect(saved.status).toBe(200);
    // Nothing is in force before publishing; the section now reads from the draft.
    expect(t.deps.store.current().settings.accountRegistrationSetting.nameKana).toBe("NOT_USE");
    expect((await registrationSection(editor)).nameKana).toBe("REQUIRED");

    const withDraft = (await (await editor.get("/zapi/console/settings/store/screen-data")).json()) as {
      draft: { stale: boolean; changes: { path: string; before: string | null; after: string | null }[] };
    };
    expect(withDraft.draft.stale).toBe(false);
    // The database keeps an object's keys in an order of its own: compared by path.
    const byPath = (a: { path: string }, b: { path: string }) => a.path.localeCompare(b.path);
    expect([...withDraft.draft.changes].sort(byPath)).toEqual(
      [
        { path: "accountRegistrationSetting.nameKana", before: "NOT_USE", after: "REQUIRED" },
        ...[
          ["id", "plan-interest"],
          ["title", "興味のあるプラン"],
          ["titleEn", "Plan you are interested in"],
          ["type", "SELECT"],
          ["rule", "OPTIONAL"],
          ["selectOptions.0.id", "basic"],
          ["selectOptions.0.label", "ベーシック"],
          ["selectOptions.0.labelEn", "Basic"],
          ["selectOptions.1.id", "premium"],
          ["selectOptions.1.label", "プレミアム"],
          ["selectOptions.1.labelEn", "Premium"],
        ].map(([field, after]) => ({
          path: `accountRegistrationSetting.customAssociatedInfo.3.${field}`,
          before: null,
          after,
        })),
      ].sort(byPath),
    );

    // The preview renders the draft, or the version in force beside it.
    const preview = async (of: string) =>
      (await (await editor.get(`/zapi/console/settings/store/preview-data?of=${of}`)).json()) as {
        settings: { accountRegistrationSetting: { nameKana: string } };
        version: string;
      };
    const draftPreview = await preview("draft");
    const inForcePreview = await preview("inForce");
    expect(draftPreview.settings.accountRegistrationSetting.nameKana).toBe("REQUIRED");
    expect(inForcePreview.settings.accountRegistrationSetting.nameKana).toBe("NOT_USE");
    expect(draftPreview.version).not.toBe(inForcePreview.version);

    const published = await editor.post("/zapi/console/settings/store/publish", { note: "カナ氏名を必須に" });
    expect(published.status).toBe(200);
    expect(await published.json()).toEqual({ number: 2, redirectTo: "/console/versions?kind=store" });
    const inForce = t.deps.store.current().settings.accountRegistrationSetting;
    expect(inForce.nameKana).toBe("REQUIRED");
    expect(inForce.customAssociatedInfo?.map((item) => item.id)).toContain("plan-interest");
    // The members' registration form follows on the next request.
    const root = await new TestBrowser(t).get("/zapi/internal/root/screen-data");
    expect(
      ((await root.json()) as { storeSettingData: { accountRegistrationSetting: { nameKana: string } } })
        .storeSettingData.accountRegistrationSetting.nameKana,
    ).toBe("REQUIRED");

    const history = (await (await editor.get("/zapi/console/versions/screen-data?kind=store")).json()) as {
      canRollback: boolean;
      versions: {
        number: number;
        source: string;
        staffEmail: string | null;
        note: string | null;
        inForce: boolean;
        changes: { path: string }[];
      }[];
    };
    expect(history.canRollback).toBe(true);
    expect(
      history.versions.map(({ number, source, staffEmail, note, inForce }) => [
        number,
        source,
        staffEmail,
        note,
        inForce,
      ]),
    ).toEqual([
      [2, "staff", "config@example.jp", "カナ氏名を必須に", true],
      [1, "file", null, null, false],
    ]);
    expect(history.versions[0]?.changes.map(({ path }) => path)).toHaveLength(12);
    expect(history.versions[1]?.changes).toEqual([]);
    expect(history.versions[0]?.changes[0]?.path).toBe("accountRegistrationSetting.nameKana");

    const rolledBack = await editor.post("/zapi/console/versions/store/1/rollback", { note: "元に戻す" });
    expect(rolledBack.status).toBe(200);
    expect(await rolledBack.json()).toEqual({ number: 3, redirectTo: "/console/versions?kind=store" });
    expect(t.deps.store.current().settings.accountRegistrationSetting.nameKana).toBe("NOT_USE");
    const again = await editor.post("/zapi/console/versions/store/3/rollback", { note: "もう一度" });
    expect(again.status).toBe(409);
    // The store, the plans and the campaigns imported at start; then this staff member's two.
    expect(await auditActions()).toEqual([
      "config.imported",
      "config.imported",
      "config.imported",
      "config.published",
      "config.rolled-back",
    ]);
  });

  it("refuses a bad edit on its field and saves nothing", async () => {
    const owner = await signedInStaff(t, "owner@example.jp", "owner");
    const service = await owner.post("/zapi/console/settings/store/service", {
      serviceName: "",
      serviceDescription: "説明",
      theme: "light",
      appUserAgentPattern: "VideoApp/(\\d+)\\.(\\d+)",
    });
    expect(service.status).toBe(400);
    const serviceErrors = ((await service.json()) as { errors: { field: string }[] }).errors;
    expect(serviceErrors.map(({ field }) => field)).toEqual(["serviceName"]);

    const invoices = await owner.post("/zapi/console/settings/store/invoices", {
      businessName: "ソラミル株式会社",
      registrationNumber: "T1000012030002",
    });
    expect(invoices.status).toBe(400);
    const invoiceErrors = ((await invoices.json()) as { errors: { field: string; message: string }[] })
      .errors;
    expect(invoiceErrors).toEqual([
      { field: "registrationNumber", message: expect.stringContaining("登録番号として正しくありません") },
    ]);
    // In the staff member's language.
    const inEnglish = await owner.post(
      "/zapi/console/settings/store/invoices",
      { businessName: "ソラミル株式会社", registrationNumber: "T1000012030002" },
      { "Accept-Language": "en" },
    );
    expect(((await inEnglish.json()) as { errors: { message: string }[] }).errors).toEqual([
      { field: "registrationNumber", message: expect.stringContaining("fails its check digit") },
    ]);

    const value = await registrationSection(owner);
    const noOptions = await owner.post("/zapi/console/settings/store/registration", {
      ...value,
      customAssociatedInfo: [{ ...SELECT_ITEM, selectOptions: [] }],
    });
    expect(noOptions.status).toBe(400);
    expect(((await noOptions.json()) as { errors: { field: string; message: string }[] }).errors).toEqual([
      { field: "customAssociatedInfo", message: "1件目 › 選択肢：選択肢から選ぶ項目には選択肢が必要です。" },
    ]);

    const overview = await owner.get("/zapi/console/settings/store/screen-data");
    expect(((await overview.json()) as { draft: unknown }).draft).toBeNull();
    expect((await owner.post("/zapi/console/settings/store/publish", { note: "x" })).status).toBe(409);
    expect((await owner.post("/zapi/console/settings/store/nowhere", {})).status).toBe(404);

    // An optional section sent empty is a draft without it: no invoices issued.
    expect((await owner.post("/zapi/console/settings/store/invoices", {})).status).toBe(200);
    const removed = (await (await owner.get("/zapi/console/settings/store/screen-data")).json()) as {
      draft: { changes: { path: string; after: string | null }[] };
    };
    expect(removed.draft.changes).toContainEqual({
      path: "invoiceIssuer.registrationNumber",
      before: "T1000012030001",
      after: null,
    });
    // A required one is not.
    expect((await owner.post("/zapi/console/settings/store/registration", [])).status).toBe(400);
  });

  it("refuses to publish a draft begun before another publication, and a draft that changes nothing", async () => {
    const owner = await signedInStaff(t, "owner@example.jp", "owner");
    const value = await registrationSection(owner);
    await owner.post("/zapi/console/settings/store/registration", { ...value, nickname: "REQUIRED" });
    // Someone else publishes meanwhile (a file edit would do the same).
    await importFileVersion(
      t.db,
      "store",
      { ...t.deps.store.current().settings, serviceName: "別の名前" },
      t.clock.now(),
    );
    const overview = (await (await owner.get("/zapi/console/settings/store/screen-data")).json()) as {
      draft: { stale: boolean };
    };
    expect(overview.draft.stale).toBe(true);
    const stale = await owner.post("/zapi/console/settings/store/publish", { note: "ニックネーム必須" });
    expect(stale.status).toBe(409);
    expect(((await stale.json()) as { code: string }).code).toBe("DRAFT_STALE");
    expect((await owner.post("/zapi/console/settings/store/discard", {})).status).toBe(200);

    await t.deps.configurations?.refresh();
    await owner.post("/zapi/console/settings/store/registration", await registrationSection(owner));
    const nothing = await owner.post("/zapi/console/settings/store/publish", { note: "同じ" });
    expect(((await nothing.json()) as { code: string }).code).toBe("NOTHING_TO_PUBLISH");
    expect((await owner.post("/zapi/console/settings/store/publish", { note: "   " })).status).toBe(400);
  });
});

describe("who may edit the settings", () => {
  it("opens them to owners and the configuration role only, and nothing to a member's session", async () => {
    const member = new TestBrowser(t);
    const account = await insertSignedInAccount(t);
    member.cookies.set("sid", account.sessionToken);
    const support = await signedInStaff(t, "support@example.jp", "support");
    const finance = await signedInStaff(t, "finance@example.jp", "finance");
    const calls: [string, string, unknown?][] = [
      ["GET", "/zapi/console/settings/store/screen-data"],
      ["GET", "/zapi/console/settings/store/registration/screen-data"],
      ["GET", "/zapi/console/settings/store/preview-data?of=draft"],
      ["POST", "/zapi/console/settings/store/registration", {}],
      ["POST", "/zapi/console/settings/store/publish", { note: "x" }],
      ["POST", "/zapi/console/settings/store/discard", {}],
      ["GET", "/zapi/console/versions/screen-data?kind=store"],
      ["POST", "/zapi/console/versions/store/1/rollback", { note: "x" }],
    ];
    for (const [method, path, body] of calls) {
      const send = (browser: TestBrowser) =>
        method === "GET" ? browser.get(path) : browser.post(path, body);
      expect([path, (await send(member)).status]).toEqual([path, 401]);
      expect([path, (await send(support)).status]).toEqual([path, 403]);
      expect([path, (await send(finance)).status]).toEqual([path, 403]);
    }
  });

  it("lists versions of every kind, each with rollback", async () => {
    await importFileVersion(t.db, "policies", { policies: [] }, t.clock.now());
    const owner = await signedInStaff(t, "owner@example.jp", "owner");
    const policies = await owner.get("/zapi/console/versions/screen-data?kind=policies");
    expect(await policies.json()).toMatchObject({
      kind: "policies",
      kinds: ["store", "plans", "campaigns", "clients", "policies"],
      canRollback: true,
      versions: [{ number: 1, source: "file", staffEmail: null, inForce: true }],
    });
    const plans = await owner.get("/zapi/console/versions/screen-data?kind=plans");
    expect(await plans.json()).toMatchObject({ kind: "plans", canRollback: true });
    expect((await owner.get("/zapi/console/versions/screen-data?kind=secrets")).status).toBe(404);
    expect((await owner.post("/zapi/console/versions/secrets/1/rollback", { note: "x" })).status).toBe(404);
    expect((await owner.post("/zapi/console/versions/store/99/rollback", { note: "x" })).status).toBe(404);
    expect((await owner.post("/zapi/console/versions/store/abc/rollback", { note: "x" })).status).toBe(404);
  });

  it("will not bring back a version that today's rules refuse", async () => {
    const owner = await signedInStaff(t, "owner@example.jp", "owner");
    const [staffRow] = await t.db.select().from(staff).limit(1);
    await publishVersion(
      t.db,
      "store",
      { serviceName: "" },
      {
        staffId: staffRow?.id ?? "",
        ip: null,
        note: null,
        now: t.clock.now(),
      },
    );
    const answer = await owner.post("/zapi/console/versions/store/2/rollback", { note: "x" });
    expect(answer.status).toBe(409);
    expect(((await answer.json()) as { code: string }).code).toBe("VERSION_INVALID");
  });
});

describe("editing the plans and the campaign codes", () => {
  it("refuses a plan whose sales end before they start, and publishes a price change in force", async () => {
    const owner = await signedInStaff(t, "owner@example.jp", "owner");
    const overview = await owner.get("/zapi/console/settings/plans/screen-data");
    expect(await overview.json()).toMatchObject({
      kind: "plans",
      sections: ["plans"],
      inForceNumber: 1,
      draft: null,
    });
    const section = await owner.get("/zapi/console/settings/plans/plans/screen-data");
    const { value } = (await section.json()) as {
      value: { plans: Record<string, unknown>[]; planGroups: unknown[] };
    };
    const [first, ...others] = value.plans;

    const backwards = await owner.post("/zapi/console/settings/plans/plans", {
      ...value,
      plans: [
        { ...first, salesStartDate: "2027-01-01T00:00:00+09:00", salesEndDate: "2026-12-01T00:00:00+09:00" },
        ...others,
      ],
    });
    expect(backwards.status).toBe(400);
    expect(((await backwards.json()) as { errors: unknown[] }).errors).toEqual([
      { field: "plans", message: "1件目 › 販売終了日時：販売開始日時より後にしてください。" },
    ]);

    // A plan a campaign names cannot go: the problem is the campaigns', shown for the whole form.
    const named = await owner.post("/zapi/console/settings/plans/plans", { ...value, plans: others });
    expect(named.status).toBe(400);
    const namedErrors = ((await named.json()) as { errors: { field: string; message: string }[] }).errors;
    expect(namedErrors[0]).toMatchObject({
      field: "root",
      message: expect.stringMatching(
        /^キャンペーン › \d+件目 › 対象のプランID：「[^」]+」というプランはありません。$/,
      ),
    });

    const cheaper = await owner.post("/zapi/console/settings/plans/plans", {
      ...value,
      plans: [{ ...first, price: 880 }, ...others],
    });
    expect(cheaper.status).toBe(200);
    // The preview's plan cards are the draft's, as a new member would see them; the version in force beside them.
    const previewed = async (of: string) =>
      (
        (await (await owner.get(`/zapi/console/settings/plans/preview-data?of=${of}&lng=en`)).json()) as {
          screenData: {
            "signup-plans": { plans: { planId: string; price: number; heldSubscription: unknown }[] };
          };
        }
      ).screenData["signup-plans"].plans[0];
    expect(await previewed("draft")).toMatchObject({
      planId: first?.planId,
      price: 880,
      heldSubscription: null,
    });
    expect(await previewed("inForce")).toMatchObject({ planId: first?.planId, price: first?.price });
    const overviewWithDraft = (await (
      await owner.get("/zapi/console/settings/plans/screen-data")
    ).json()) as {
      previewScreens: string[];
    };
    expect(overviewWithDraft.previewScreens).toEqual(["signup-plans"]);
    const published = await owner.post("/zapi/console/settings/plans/publish", { note: "値下げ" });
    expect(published.status).toBe(200);
    expect(t.deps.catalogue.current().plans[0]?.price).toBe(880);
    expect(t.deps.catalogue.current().campaigns.length).toBeGreaterThan(0);

    const rolledBack = await owner.post("/zapi/console/versions/plans/1/rollback", { note: "元の価格" });
    expect(rolledBack.status).toBe(200);
    expect(t.deps.catalogue.current().plans[0]?.price).toBe(first?.price);
  });

  it("edits the campaign codes as one form, checked against the plans in force", async () => {
    const owner = await signedInStaff(t, "owner@example.jp", "owner");
    const section = await owner.get("/zapi/console/settings/campaigns/campaigns/screen-data");
    const { value } = (await section.json()) as { value: { campaigns: Record<string, unknown>[] } };
    const unknownPlan = await owner.post("/zapi/console/settings/campaigns/campaigns", {
      campaigns: [{ ...value.campaigns[0], planIds: ["no-such-plan"] }],
    });
    expect(unknownPlan.status).toBe(400);
    expect(((await unknownPlan.json()) as { errors: unknown[] }).errors).toEqual([
      { field: "campaigns", message: "1件目 › 対象のプランID：「no-such-plan」というプランはありません。" },
    ]);
    expect((await owner.post("/zapi/console/settings/campaigns/plans", {})).status).toBe(404);
  });
});

describe("editing the login provider's clients", () => {
  const SECRET = "the confidential client's secret, 32+ characters";
  const FILE_CLIENTS = {
    clients: [
      {
        client_id: "video-app",
        client_name: "Video App",
        client_secret: SECRET,
        token_endpoint_auth_method: "client_secret_basic",
        redirect_uris: ["https://app.example.com/callback"],
      },
    ],
  };

  /** The clients file's list kept in force by versions, as server/main.ts keeps it. */
  async function clientsInForce() {
    const file = parseOidcClients(JSON.stringify(FILE_CLIENTS), "oidc-clients.json");
    const clients = oidcClientsInForce({ current: () => file, close: () => {} }, t.deps.secretBox);
    t.deps.oidcClients = clients;
    t.deps.configurations?.close();
    t.deps.configurations = await keepConfigurationsInForce(t.db, [clients], {
      now: () => t.clock.now(),
      intervalMs: 60_000,
      logger: { info: () => {}, error: () => {} },
    });
    return clients;
  }

  it("never shows a secret back, keeps it when left empty, and replaces it when one is typed", async () => {
    const clients = await clientsInForce();
    const owner = await signedInStaff(t, "owner@example.jp", "owner");
    const section = await owner.get("/zapi/console/settings/clients/clients/screen-data");
    const text = await section.text();
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain("sealed");
    const { value } = JSON.parse(text) as { value: { clients: Record<string, unknown>[] } };
    const [client] = value.clients;

    // A name changed, the secret left empty: the client keeps its secret.
    const renamed = await owner.post("/zapi/console/settings/clients/clients", {
      clients: [{ ...client, client_name_ja: "ビデオアプリ" }],
    });
    expect(renamed.status).toBe(200);
    // The consent screen's preview presents the draft's client, never its secret.
    const consent = await owner.get("/zapi/console/settings/clients/preview-data?of=draft&subject=video-app");
    const consentText = await consent.text();
    expect(consentText).not.toContain(SECRET);
    expect(JSON.parse(consentText).screenData).toEqual({
      "oidc-consent": {
        clientInfo: expect.objectContaining({ clientName: "Video App", clientNameJa: "ビデオアプリ" }),
      },
    });
    const overview = await (await owner.get("/zapi/console/settings/clients/screen-data")).text();
    expect(JSON.parse(overview)).toMatchObject({
      previewScreens: ["oidc-consent"],
      previewSubjects: ["video-app"],
    });
    expect(overview).toContain("ビデオアプリ");
    expect(overview).not.toContain(SECRET);
    expect((await owner.post("/zapi/console/settings/clients/publish", { note: "日本語名" })).status).toBe(
      200,
    );
    expect(clients.current().clients[0]).toMatchObject({
      client_name_ja: "ビデオアプリ",
      client_secret: SECRET,
    });
    // The stored version holds the secret sealed, never in the clear.
    const stored = JSON.stringify(await versionContent(t.db, "clients", 2));
    expect(stored).not.toContain(SECRET);
    expect(stored).toContain("sealed_client_secret");

    // A typed secret replaces it; the change list says it changed without showing either.
    const replaced = await owner.post("/zapi/console/settings/clients/clients", {
      clients: [{ ...client, new_client_secret: "a new secret of at least thirty-two characters" }],
    });
    expect(replaced.status).toBe(200);
    const changes = (await (await owner.get("/zapi/console/settings/clients/screen-data")).json()) as {
      draft: { changes: { path: string; before: string | null; after: string | null }[] };
    };
    expect(changes.draft.changes).toContainEqual({
      path: "clients.0.sealed_client_secret",
      before: "********",
      after: "********",
    });
    expect((await owner.post("/zapi/console/settings/clients/publish", { note: "鍵の交換" })).status).toBe(
      200,
    );
    expect(clients.current().clients[0]?.client_secret).toBe(
      "a new secret of at least thirty-two characters",
    );
    // The file, unchanged, is the same content as its first import: imported once only.
    expect((await configHistory(t.db, "clients")).map((version) => version.source)).toEqual([
      "staff",
      "staff",
      "file",
    ]);
  });

  it("asks for a secret on the secret's field when a confidential client has none", async () => {
    await clientsInForce();
    const owner = await signedInStaff(t, "owner@example.jp", "owner");
    const added = await owner.post("/zapi/console/settings/clients/clients", {
      clients: [
        ...FILE_CLIENTS.clients.map(({ client_secret: _secret, ...client }) => client),
        {
          client_id: "partner",
          client_name: "Partner",
          token_endpoint_auth_method: "client_secret_post",
          redirect_uris: ["https://partner.example.net/cb"],
        },
      ],
    });
    expect(added.status).toBe(400);
    expect(((await added.json()) as { errors: unknown[] }).errors).toEqual([
      {
        field: "clients",
        message: "2件目 › 新しいクライアントシークレット：client_secret_postでは必須です。",
      },
    ]);
    const short = await owner.post("/zapi/console/settings/clients/clients", {
      clients: [{ ...FILE_CLIENTS.clients[0], client_secret: undefined, new_client_secret: "too short" }],
    });
    expect(short.status).toBe(400);
  });
});

describe("editing the policies", () => {
  /** The demo policies kept in force by versions, as server/main.ts keeps them. */
  async function policiesInForce() {
    const policies = policyCatalogueInForce(t.deps.policies);
    t.deps.policies = policies;
    t.deps.configurations?.close();
    t.deps.configurations = await keepConfigurationsInForce(t.db, [policies], {
      now: () => t.clock.now(),
      intervalMs: 60_000,
      logger: { info: () => {}, error: () => {} },
    });
    return policies;
  }

  type Revision = { revision: number; effectiveFrom: string; textJa?: string; textEn?: string; url?: string };
  type PolicyValue = { policyId: string; revisions: Revision[] };

  it("keeps a revision in effect as it is, and publishes a new revision that takes effect on its day", async () => {
    const policies = await policiesInForce();
    const owner = await signedInStaff(t, "owner@example.jp", "owner");
    const section = await owner.get("/zapi/console/settings/policies/policies/screen-data");
    const { value } = (await section.json()) as { value: { policies: PolicyValue[] } };
    const [terms, ...others] = value.policies;
    if (!terms) throw new Error("the demo has terms");
    const [first, ...later] = terms.revisions;
    expect(first?.textJa).toContain("第1条");

    // Members agreed to the text in effect: changing it is refused on the policies' field.
    const rewritten = await owner.post("/zapi/console/settings/policies/policies", {
      policies: [{ ...terms, revisions: [{ ...first, textJa: "書き換えた本文" }, ...later] }, ...others],
    });
    expect(rewritten.status).toBe(400);
    expect(((await rewritten.json()) as { errors: unknown[] }).errors).toEqual([
      {
        field: "policies",
        message:
          "1件目 › 版：「terms」の版1はすでに適用されているため変更・削除できません。新しい版を追加してください。",
      },
    ]);
    // A revision is a text or an address, not both.
    const last = terms.revisions.at(-1) as Revision;
    const both = await owner.post("/zapi/console/settings/policies/policies", {
      policies: [
        {
          ...terms,
          revisions: [
            ...terms.revisions,
            {
              revision: last.revision + 1,
              effectiveFrom: "2099-01-01",
              textJa: "本文",
              url: "https://x.example/t",
            },
          ],
        },
        ...others,
      ],
    });
    expect(both.status).toBe(400);
    expect(((await both.json()) as { errors: { message: string }[] }).errors[0]?.message).toMatch(
      /^1件目 › 版 › \d+件目：本文か外部の規約のURLのどちらか一方を設定してください/,
    );

    const next = {
      revision: last.revision + 1,
      effectiveFrom: "2099-01-01",
      textJa: "## 第1条\n\n新しい規約です。",
    };
    const added = await owner.post("/zapi/console/settings/policies/policies", {
      policies: [{ ...terms, revisions: [...terms.revisions, next] }, ...others],
    });
    expect(added.status).toBe(200);
    expect((await owner.post("/zapi/console/settings/policies/publish", { note: "規約の改定" })).status).toBe(
      200,
    );
    const revisions = policies.current().policies[0]?.revisions ?? [];
    expect(revisions.at(-1)).toMatchObject({
      revision: next.revision,
      html: { ja: expect.stringContaining("新しい規約です。") },
    });
    expect((await versionContent(t.db, "policies", 2)) as { policies: PolicyValue[] }).toMatchObject({
      policies: [
        { policyId: "terms", revisions: expect.arrayContaining([expect.objectContaining(next)]) },
        ...others.map(() => ({})),
      ],
    });
  });
});
