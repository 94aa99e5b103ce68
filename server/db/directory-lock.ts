import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from "node:fs";
import { join } from "node:path";

export class DirectoryLockedError extends Error {
  constructor(
    readonly directory: string,
    readonly ownerPid: number,
  ) {
    super(
      `The embedded database in ${directory} is in use by another process (pid ${ownerPid}). ` +
        "Stop that process first, or point DATA_DIR at another directory.",
    );
    this.name = "DirectoryLockedError";
  }
}

export interface DirectoryLock {
  release(): void;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Takes an exclusive lock on a directory with a pid file created atomically (O_EXCL). PGlite has no
 * locking of its own, and two processes on one data directory corrupt it. A lock left by a process
 * that has died is taken over.
 */
export function acquireDirectoryLock(directory: string, name: string): DirectoryLock {
  const path = join(directory, name);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, "wx");
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          try {
            if (readFileSync(path, "utf8").trim() === String(process.pid)) unlinkSync(path);
          } catch {
            // Already gone: nothing to release.
          }
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = Number.parseInt(readFileSync(path, "utf8"), 10);
      if (Number.isInteger(owner) && owner !== process.pid && isAlive(owner)) {
        throw new DirectoryLockedError(directory, owner);
      }
      unlinkSync(path);
    }
  }
  throw new Error(`Could not take the lock ${path}`);
}

/** Whether a live process holds the lock (for db:reset). */
export function directoryLockOwner(directory: string, name: string): number | null {
  try {
    const owner = Number.parseInt(readFileSync(join(directory, name), "utf8"), 10);
    return Number.isInteger(owner) && isAlive(owner) ? owner : null;
  } catch {
    return null;
  }
}
