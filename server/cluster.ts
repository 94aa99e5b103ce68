/**
 * Several processes on one port (issue 40 §5): with WEB_CONCURRENCY=N (and DATABASE_URL) the
 * primary forks N workers, each the whole server of server/main.ts, and node:cluster hands them the
 * connections in turn. Everything they share lives in PostgreSQL (sessions, flows, limits); each
 * watches the store settings itself. A worker that dies is replaced; one that dies before it ever
 * served means the configuration is wrong, and the primary stops rather than fork forever. SIGTERM
 * drains every worker, then the primary ends.
 */
import cluster, { type Worker } from "node:cluster";

/** How long workers get to finish what they serve after SIGTERM before they are killed. */
const DRAIN_LIMIT_MS = 20_000;

export function superviseWorkers(count: number): void {
  const served = new Set<number>();
  let stopping = false;
  let exitCode = 0;

  const fork = (): Worker => {
    const worker = cluster.fork();
    worker.once("listening", () => served.add(worker.id));
    return worker;
  };

  const living = () => Object.values(cluster.workers ?? {}).filter((worker) => worker && !worker.isDead());

  const stop = (reason: string, code: number) => {
    if (stopping) return;
    stopping = true;
    exitCode = code;
    const workers = living();
    console.log(`[cluster] ${reason}: draining ${workers.length} worker${workers.length === 1 ? "" : "s"}`);
    if (workers.length === 0) process.exit(exitCode);
    for (const worker of workers) worker?.process.kill("SIGTERM");
    setTimeout(() => {
      for (const worker of living()) worker?.process.kill("SIGKILL");
      process.exit(exitCode || 1);
    }, DRAIN_LIMIT_MS).unref();
  };

  cluster.on("exit", (worker, code, signal) => {
    const how = signal ?? `exit ${code}`;
    if (stopping) {
      if (living().length === 0) {
        console.log("[cluster] every worker has stopped");
        process.exit(exitCode);
      }
      return;
    }
    if (!served.has(worker.id)) {
      console.error(`[cluster] worker ${worker.process.pid} stopped before serving (${how})`);
      stop("a worker could not start", code || 1);
      return;
    }
    console.error(`[cluster] worker ${worker.process.pid} ended (${how}); starting another`);
    fork();
  });

  process.on("SIGTERM", () => stop("SIGTERM", 0));
  process.on("SIGINT", () => stop("SIGINT", 0));

  console.log(`[cluster] primary ${process.pid}: starting ${count} workers`);
  for (let started = 0; started < count; started++) fork();
}
