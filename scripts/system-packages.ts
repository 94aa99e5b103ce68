/**
 * What `npm test` needs from the machine besides npm packages: Debian's Chromium (Playwright cannot
 * download its own browser here), Japanese fonts for the screenshots, and PostgreSQL for the second
 * run of the database suites. Missing ones are installed with apt-get when running as root (as
 * `playwright install --with-deps` does); otherwise the one command to run is printed.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { postgresBinDir } from "./throwaway-postgres.ts";

interface SystemPackage {
  name: string;
  installed(): boolean;
}

const dpkgHas = (name: string) => spawnSync("dpkg", ["-s", name], { stdio: "ignore" }).status === 0;

export const SYSTEM_PACKAGES: SystemPackage[] = [
  { name: "chromium", installed: () => existsSync(process.env.CHROMIUM_PATH ?? "/usr/bin/chromium") },
  { name: "fonts-noto-cjk", installed: () => dpkgHas("fonts-noto-cjk") },
  { name: "postgresql", installed: () => postgresBinDir() !== null },
];

export function missingSystemPackages(): string[] {
  return SYSTEM_PACKAGES.filter((pkg) => !pkg.installed()).map((pkg) => pkg.name);
}

export function installSystemPackages(): void {
  const missing = missingSystemPackages();
  if (missing.length === 0) return;
  const command = `apt-get install -y --no-install-recommends ${missing.join(" ")}`;
  if (process.getuid?.() !== 0 || !existsSync("/usr/bin/apt-get")) {
    console.error(
      `\n✖ npm test needs ${missing.join(", ")}. Install with:\n    sudo apt-get update && sudo ${command}\n`,
    );
    process.exit(1);
  }
  console.log(`Installing ${missing.join(", ")}…`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  for (const step of ["apt-get update -qq", `${command} -qq`]) {
    const result = spawnSync("sh", ["-c", step], { stdio: "inherit", env });
    if (result.status !== 0) {
      console.error(`\n✖ "${step}" failed (${result.status})`);
      process.exit(1);
    }
  }
}
