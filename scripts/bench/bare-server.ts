/**
 * Serves the bare app (scripts/bench/bare-app, built) the way the product serves its pages: Hono on
 * @hono/node-server, compression, the client build as static files, React Router's
 * createRequestHandler for everything else. Started by scripts/bench-ssr.ts with PORT set.
 */
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { serve } from "@hono/node-server";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import { compress } from "hono/compress";
import { createRequestHandler, type ServerBuild } from "react-router";

const buildDir = resolve(import.meta.dirname, "bare-app", "build");
const build = (await import(pathToFileURL(join(buildDir, "server", "index.js")).href)) as ServerBuild;
const handle = createRequestHandler(build, "production");

const app = new Hono();
app.use(compress());
app.use("/assets/*", serveStatic({ root: join(buildDir, "client") }));
app.all("*", (c) => handle(c.req.raw));

const port = Number(process.env.PORT);
serve({ fetch: app.fetch, port, hostname: "127.0.0.1" }, () => console.log(`bare page ready on ${port}`));
