/**
 * A local stand-in of Have I Been Pwned's range API (`GET /range/{prefix}`), holding the passwords
 * a test says are leaked: it answers every suffix under the prefix (and padding lines of count 0
 * when asked for them), records what each request carried, and can be told to hang.
 */
import { createHash } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface PwnedPasswordsStandIn {
  url: string;
  /** The path and headers of every request so far. */
  requests: { path: string; headers: IncomingHttpHeaders }[];
  /** While true, requests get no answer. */
  hang: boolean;
  close(): Promise<void>;
}

export async function startPwnedPasswords(leaked: readonly string[]): Promise<PwnedPasswordsStandIn> {
  const hashes = leaked.map((password) =>
    createHash("sha1").update(password, "utf8").digest("hex").toUpperCase(),
  );
  const standIn: Omit<PwnedPasswordsStandIn, "url" | "close"> = { requests: [], hang: false };
  const server: Server = createServer((req, res) => {
    standIn.requests.push({ path: req.url ?? "", headers: req.headers });
    if (standIn.hang) return;
    const prefix = /^\/range\/([0-9A-F]{5})$/i.exec(req.url ?? "")?.[1]?.toUpperCase();
    if (!prefix) return res.writeHead(404).end();
    const lines = hashes.filter((hash) => hash.startsWith(prefix)).map((hash) => `${hash.slice(5)}:42`);
    if (req.headers["add-padding"] === "true") lines.push("0123456789ABCDEF0123456789ABCDEF012:0");
    res.writeHead(200, { "content-type": "text/plain" }).end(lines.join("\r\n"));
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  return Object.assign(standIn, {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  });
}
