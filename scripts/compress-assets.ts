/**
 * After `react-router build`: a brotli (.br) and a gzip (.gz) copy of every compressible file of
 * the client build, made once at build time at the highest levels, so the server sends them
 * without compressing per request (server/site.ts serves them with `precompressed`).
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { extname, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const COMPRESSIBLE = new Set([".js", ".mjs", ".css", ".svg", ".json", ".html", ".txt", ".map"]);
/** Below this a compressed copy saves less than the headers it costs. */
const MIN_BYTES = 1024;

export function compressDirectory(directory: string): { files: number; bytes: number; brotliBytes: number } {
  const totals = { files: 0, bytes: 0, brotliBytes: 0 };
  for (const name of readdirSync(directory, { recursive: true, encoding: "utf8" })) {
    const path = join(directory, name);
    if (!COMPRESSIBLE.has(extname(path)) || !statSync(path).isFile()) continue;
    const content = readFileSync(path);
    if (content.length < MIN_BYTES) continue;
    const brotli = brotliCompressSync(content, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length },
    });
    writeFileSync(`${path}.br`, brotli);
    writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
    totals.files += 1;
    totals.bytes += content.length;
    totals.brotliBytes += brotli.length;
  }
  return totals;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const directory = resolve(import.meta.dirname, "../build/client");
  const { files, bytes, brotliBytes } = compressDirectory(directory);
  console.log(
    `compressed ${files} files of build/client: ${(bytes / 1024).toFixed(0)} KB → ${(brotliBytes / 1024).toFixed(0)} KB brotli`,
  );
}
