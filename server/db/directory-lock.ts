import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from "node:fs";
import { hostname } from "node:os";
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
 * When a process started, in clock ticks since boot (/proc/<pid>/stat field 22), or null where
 * /proc is not available. A pid is reused by unrelated processes; pid plus start time is not.
 */
export function processStartTime(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name (field 2) may hold spaces and parentheses: count fields after its last ")".
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return fields[19] ?? null;
  } catch {
    return null;
  }
}

/** What the lock file records about its owner. */
interface LockOwner {
  pid: number;
  /** processStartTime(pid) when the lock was taken; null where it cannot be known. */
  startTime: string | null;
  host: string;
}

function parseOwner(text: string): LockOwner | null {
  try {
    const parsed = JSON.parse(text) as Partial<LockOwner>;
    if (typeof parsed.pid === "number" && Number.isInteger(parsed.pid)) {
      return {
        pid: parsed.pid,
        startTime: typeof parsed.startTime === "string" ? parsed.startTime : null,
        host: typeof parsed.host === "string" ? parsed.host : hostname(),
      };
    }
  } catch {
    // An older lock file holds only the pid.
  }
  const pid = Number.parseInt(text, 10);
  return Number.isInteger(pid) ? { pid, startTime: null, host: hostname() } : null;
}

/**
 * Whether the recorded owner still runs: the same pid, alive, and (where the start time can be
 * compared) started at the recorded time, so a pid reused by an unrelated process is stale. A
 * lock taken on another host cannot be checked from here and is respected.
 */
function ownerIsRunning(owner: LockOwner): boolean {
  if (owner.host !== hostname()) return true;
  if (owner.pid === process.pid || !isAlive(owner.pid)) return false;
  if (owner.startTime === null) return true;
  const current = processStartTime(owner.pid);
  return current === null || current === owner.startTime;
}

function readOwner(path: string): LockOwner | null {
  try {
    return parseOwner(readFileSync(path, "utf8"));
  } catch {
    return null;
  }
}

/**
 * Takes an exclusive lock on a directory with an owner file created atomically (O_EXCL). PGlite
 * has no locking of its own, and two processes on one data directory corrupt it. A lock whose
 * owner has died, or whose pid now belongs to another process, is taken over.
 */
export function acquireDirectoryLock(directory: string, name: string): DirectoryLock {
  const path = join(directory, name);
  const me: LockOwner = { pid: process.pid, startTime: processStartTime(process.pid), host: hostname() };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, "wx");
      writeSync(fd, JSON.stringify(me));
      closeSync(fd);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          if (readOwner(path)?.pid === process.pid) {
            try {
              unlinkSync(path);
            } catch {
              // Already gone: nothing to release.
            }
          }
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = readOwner(path);
      if (owner && ownerIsRunning(owner)) throw new DirectoryLockedError(directory, owner.pid);
      unlinkSync(path);
    }
  }
  throw new Error(`Could not take the lock ${path}`);
}

/** The pid of the running process that holds the lock, or null (for db:reset). */
export function directoryLockOwner(directory: string, name: string): number | null {
  const owner = readOwner(join(directory, name));
  return owner && ownerIsRunning(owner) ? owner.pid : null;
}
