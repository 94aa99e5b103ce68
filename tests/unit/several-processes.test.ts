/**
 * Several processes on one PostgreSQL (issue 40 §5). Two servers on one database, each reached on
 * its own port under the one public origin: a session made through one is honoured by the other, a
 * guessing limit counts across both, a store-settings edit applies in both, and a version published
 * by another process is in force in both within five seconds. Then WEB_CONCURRENCY=2 as an operator
 * runs it: two workers on one port, a killed worker replaced, SIGTERM drains both; and
 * on the embedded database the boot stops with a message. Needs the production build and a
 * PostgreSQL server (TEST_DATABASE_URL, which npm test sets).
 */
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { openPostgres } from "../../server/db/database.ts";
import { staff } from "../../server/db/schema.ts";
import { createPasswordHasher } from "../../server/identity/passwords.ts";
import { publishVersion } from "../../server/store/config-versions.ts";
import { staticPolicies } from "../../server/store/policy-source.ts";
import {
  createTestClock,
  demoPolicies,
  FAST_PASSWORD_HASHING,
  insertAccount,
  type TestApi,
} from "../api-harness.ts";
import { freePort, killStartedServers, type ServerProcess, startServer } from "../server-process.ts";

const root = resolve(import.meta.dirname, "../..");
const built = existsSync(join(root, "build/server/index.js"));
const serverUrl = process.env.TEST_DATABASE_URL;

const folders: string[] = [];
function tempDir(prefix: string): string {
  const folder = mkdtempSync(join(tmpdir(), prefix));
  folders.push(folder);
  return folder;
}

afterEach(killStartedServers);
afterAll(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A new database on the test server. */
async function freshDatabase(): Promise<string> {
  const { default: pg } = await import("pg");
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const name = `processes_${process.pid}_${Date.now()}`;
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl ?? "");
  url.pathname = `/${name}`;
  return url.toString();
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One request on a connection of its own, to `port`, naming the public origin's Host. */
function send(
  port: number,
  publicHost: string,
  path: string,
  options: { method?: string; body?: unknown; cookie?: string } = {},
): Promise<Answer> {
  return new Promise((resolveAnswer, reject) => {
    const body = options.body === undefined ? undefined : JSON.stringify(options.body);
    const outgoing = request(
      {
        host: "127.0.0.1",
        port,
        path,
        method: options.method ?? "GET",
        agent: false,
        headers: {
          host: publicHost,
          origin: `http://${publicHost}`,
          ...(body ? { "content-type": "application/json" } : {}),
          ...(options.cookie ? { cookie: options.cookie } : {}),
        },
      },
      (incoming) => {
        let text = "";
        incoming.setEncoding("utf8");
        incoming.on("data", (chunk) => {
          text += chunk;
        });
        incoming.on("end", () =>
          resolveAnswer({ status: incoming.statusCode ?? 0, headers: incoming.headers, body: text }),
        );
      },
    );
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}

const ready = /ready: http:\/\//;

describe.skipIf(!built || !serverUrl)("several processes on one PostgreSQL", () => {
  let databaseUrl = "";
  let storeConfig = "";
  let member = { email: "", password: "" };
  let portA = 0;
  let portB = 0;
  let publicHost = "";
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    databaseUrl = await freshDatabase();
    const database = await openPostgres(databaseUrl);
    const clock = createTestClock(new Date());
    const shim = {
      db: database.db,
      clock,
      deps: {
        passwords: createPasswordHasher(FAST_PASSWORD_HASHING),
        policies: staticPolicies(demoPolicies()),
      },
    } as unknown as TestApi;
    const inserted = await insertAccount(shim, { password: "Passw0rdA" });
    member = { email: inserted.email, password: "Passw0rdA" };
    await database.close();

    const storeFolder = tempDir("store-");
    storeConfig = join(storeFolder, "store.json");
    // The policies and images live beside the settings file.
    cpSync(join(root, "config"), storeFolder, { recursive: true });
    portA = await freePort();
    portB = await freePort();
    publicHost = `localhost:${portA}`;
  }, 60_000);

  afterAll(async () => {
    for (const server of servers) server.child.kill("SIGKILL");
  });

  it("shares sessions, limits and store settings between two servers", async () => {
    const shared = {
      DATABASE_URL: databaseUrl,
      STORE_CONFIG: storeConfig,
      PUBLIC_ORIGIN: `http://${publicHost}`,
      ENCRYPTION_KEY: Buffer.alloc(32, 7).toString("base64"),
    };
    const a = startServer({ ...shared, DATA_DIR: tempDir("data-a-"), PORT: String(portA) });
    const b = startServer({ ...shared, DATA_DIR: tempDir("data-b-"), PORT: String(portB) });
    servers.push(a, b);
    await Promise.all([a.waitFor(ready), b.waitFor(ready)]);

    // A session made through A is honoured by B.
    const login = await send(portA, publicHost, "/zapi/login", {
      method: "POST",
      body: { emailUserId: member.email, password: member.password, loginMethod: "Password" },
    });
    expect(login.status).toBe(200);
    const setCookies = ([] as string[]).concat(login.headers["set-cookie"] ?? []);
    const sid = setCookies.map((cookie) => /^sid=([^;]+)/.exec(cookie)?.[1]).find(Boolean);
    expect(sid).toBeTruthy();
    const onB = await send(portB, publicHost, "/zapi/internal/root/screen-data", { cookie: `sid=${sid}` });
    expect(JSON.parse(onB.body).authId).toBe(JSON.parse(login.body).authId);

    // A guessing limit counts across both: four wrong passwords from one address at one account, then
    // a wait, whichever process each one reaches (each process alone saw at most three).
    const wrong = { emailUserId: member.email, password: "WrongPass9", loginMethod: "Password" };
    const statuses: number[] = [];
    for (const port of [portA, portB, portA, portB, portA]) {
      statuses.push((await send(port, publicHost, "/zapi/login", { method: "POST", body: wrong })).status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 429]);

    // An operator's edit of the store settings applies in both.
    const settings = JSON.parse(readFileSync(storeConfig, "utf8"));
    writeFileSync(storeConfig, JSON.stringify({ ...settings, serviceName: "ソラミル二" }));
    for (const port of [portA, portB]) {
      await expect
        .poll(
          async () =>
            JSON.parse((await send(port, publicHost, "/zapi/internal/root/screen-data")).body)
              .storeSettingData.serviceName,
          { timeout: 15_000, interval: 200 },
        )
        .toBe("ソラミル二");
    }

    // A version published from elsewhere (a third process: the console's worker) is in force in
    // both within the five seconds the version check promises; the file stays as it was.
    const database = await openPostgres(databaseUrl);
    try {
      const [owner] = await database.db
        .insert(staff)
        .values({ email: "owner@example.jp", role: "owner" })
        .returning({ id: staff.id });
      const content = { ...JSON.parse(readFileSync(storeConfig, "utf8")), serviceName: "ソラミル三" };
      const publishedAt = Date.now();
      await publishVersion(database.db, "store", content, {
        staffId: owner?.id ?? "",
        ip: null,
        note: null,
        now: new Date(),
      });
      for (const port of [portA, portB]) {
        await expect
          .poll(
            async () =>
              JSON.parse((await send(port, publicHost, "/zapi/internal/root/screen-data")).body)
                .storeSettingData.serviceName,
            { timeout: 5_000 - (Date.now() - publishedAt), interval: 100 },
          )
          .toBe("ソラミル三");
      }
    } finally {
      await database.close();
    }
  }, 120_000);

  it("serves one port from WEB_CONCURRENCY workers, replaces a killed one and drains on SIGTERM", async () => {
    const port = await freePort();
    const host = `localhost:${port}`;
    const cluster = startServer({
      DATABASE_URL: databaseUrl,
      STORE_CONFIG: storeConfig,
      PUBLIC_ORIGIN: `http://${host}`,
      // The servers of one database share its encryption key (the first test's).
      ENCRYPTION_KEY: Buffer.alloc(32, 7).toString("base64"),
      DATA_DIR: tempDir("data-cluster-"),
      PORT: String(port),
      WEB_CONCURRENCY: "2",
    });
    const workerPids = () =>
      [...cluster.output().matchAll(/worker (\d+) ready/g)].map((match) => Number(match[1]));
    await expect.poll(() => workerPids().length, { timeout: 60_000, interval: 200 }).toBe(2);
    expect(cluster.output()).toContain("starting 2 workers");
    expect((await send(port, host, "/zapi/internal/root/screen-data")).status).toBe(200);

    const [victim] = workerPids();
    // Never pid 0: that would signal this test's own process group.
    if (!victim) throw new Error("no worker pid in the output");
    process.kill(victim, "SIGKILL");
    await cluster.waitFor(new RegExp(`worker ${victim} ended \\(SIGKILL\\); starting another`));
    await expect.poll(() => workerPids().length, { timeout: 60_000, interval: 200 }).toBe(3);
    for (let i = 0; i < 4; i++)
      expect((await send(port, host, "/zapi/internal/root/screen-data")).status).toBe(200);

    cluster.child.kill("SIGTERM");
    expect(await cluster.exited).toBe(0);
    expect(cluster.output()).toContain("[cluster] SIGTERM: draining 2 workers");
    expect(cluster.output().match(/\[server\] SIGTERM: closing/g)).toHaveLength(2);
    expect(cluster.output()).toContain("every worker has stopped");
  }, 180_000);

  it("stops the boot on the embedded database when WEB_CONCURRENCY is above 1", async () => {
    const server = startServer({
      DATA_DIR: tempDir("data-pglite-"),
      PORT: String(await freePort()),
      WEB_CONCURRENCY: "2",
    });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain("WEB_CONCURRENCY is 2, which needs DATABASE_URL");
  }, 60_000);
});
