import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import type { LicenseEntry } from "../../schemas/types/licenses-screen-data.gen.ts";
import { createTestApi } from "../../tests/api-harness.ts";
import { licensesScreenData } from "./licenses-screen-data.ts";

const hono: LicenseEntry = {
  name: "hono",
  version: "4.13.19",
  license: "MIT",
  repository: "https://github.com/honojs/hono",
  licenseText: "MIT License\n\nCopyright (c) 2021 - present, Yusuke Wada and Hono contributors",
};

function capturingLogger() {
  return { warn: vi.fn<(message: string) => void>(), error: vi.fn<(message: string) => void>() };
}

const licensesFile = () => join(mkdtempSync(join(tmpdir(), "licenses-")), "licenses.json");

const request = (route: ReturnType<typeof licensesScreenData>) => route.request("/screen-data");

describe("GET /zapi/internal/app/licenses/screen-data", () => {
  it("answers the generated list as {licenses}", async () => {
    const file = licensesFile();
    writeFileSync(file, JSON.stringify([hono]));
    const response = await request(licensesScreenData(file, capturingLogger()));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ licenses: [hono] });
  });

  it("reads the file once", async () => {
    const file = licensesFile();
    writeFileSync(file, JSON.stringify([hono]));
    const route = licensesScreenData(file, capturingLogger());
    await request(route);
    writeFileSync(file, JSON.stringify([]));
    expect(await (await request(route)).json()).toEqual({ licenses: [hono] });
  });

  it("answers an empty list and warns once when the file was never generated", async () => {
    const logger = capturingLogger();
    const route = licensesScreenData(licensesFile(), logger);
    for (let i = 0; i < 2; i++) {
      const response = await request(route);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ licenses: [] });
    }
    expect(logger.warn).toHaveBeenCalledTimes(1);
    expect(logger.warn.mock.calls[0]?.[0]).toContain("npm run gen:licenses");
  });

  it("answers an empty list and logs an error when the file is not a list", async () => {
    for (const content of ["{ truncated", JSON.stringify({ licenses: [hono] })]) {
      const file = licensesFile();
      writeFileSync(file, content);
      const logger = capturingLogger();
      expect(await (await request(licensesScreenData(file, logger))).json()).toEqual({ licenses: [] });
      expect(logger.error).toHaveBeenCalledTimes(1);
    }
  });

  it("is mounted in the API", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const t = await createTestApi();
    try {
      const response = await t.api.request("/zapi/internal/app/licenses/screen-data");
      expect(response.status).toBe(200);
      expect((await response.json()) as { licenses: unknown }).toEqual({ licenses: expect.any(Array) });
    } finally {
      warn.mockRestore();
      await t.close();
    }
  });
});
