/**
 * Runs the profile picture's decoder in worker threads (issue 39 §1): the event loop that serves
 * every other request never decodes, a worker's heap is capped and a worker that takes longer than
 * the time limit is ended (and its picture refused), and at most two decode at once (one per core)
 * while others wait their turn. A worker that answered is kept for the next picture (loading the
 * codecs costs ~250 ms) until it has been idle for a minute.
 */
import { Worker } from "node:worker_threads";
import type { ImageType, StructureProblem } from "./image-structure.ts";

export const DECODE_TIME_LIMIT_MS = 5000;
const DECODE_HEAP_LIMIT_MB = 64;
const MAX_CONCURRENT_DECODES = 2;
const IDLE_WORKER_LIFETIME_MS = 60_000;

export type DecodeResult =
  | { contentType: "image/jpeg" | "image/png"; data: Buffer }
  | { problem: StructureProblem };

interface WorkerAnswer {
  contentType?: "image/jpeg" | "image/png";
  data?: Uint8Array;
  problem?: StructureProblem;
}

const workerFile = new URL("./profile-image-decoder.worker.mjs", import.meta.url);

let running = 0;
const waiting: Array<() => void> = [];
const idleWorkers: Array<{ worker: Worker; retire: NodeJS.Timeout }> = [];

async function turn(): Promise<void> {
  if (running < MAX_CONCURRENT_DECODES) {
    running += 1;
    return;
  }
  // The finishing decode hands its slot over, so `running` stays as it is.
  await new Promise<void>((resolve) => waiting.push(resolve));
}

function release(): void {
  const next = waiting.shift();
  if (next) next();
  else running -= 1;
}

function takeWorker(): Worker {
  const parked = idleWorkers.pop();
  if (parked) {
    clearTimeout(parked.retire);
    return parked.worker;
  }
  const worker = new Worker(workerFile, {
    resourceLimits: { maxOldGenerationSizeMb: DECODE_HEAP_LIMIT_MB, maxYoungGenerationSizeMb: 16 },
    // Nothing of the server's environment (secrets) and no stdin.
    env: {},
    stdin: false,
  });
  // An idle decoder does not keep the process alive.
  worker.unref();
  return worker;
}

function parkWorker(worker: Worker): void {
  const retire = setTimeout(() => {
    const index = idleWorkers.findIndex((parked) => parked.worker === worker);
    if (index >= 0) idleWorkers.splice(index, 1);
    void worker.terminate();
  }, IDLE_WORKER_LIFETIME_MS);
  retire.unref();
  idleWorkers.push({ worker, retire });
}

function decodeOn(
  worker: Worker,
  picture: { bytes: Buffer; type: ImageType; size: number },
  timeLimitMs: number,
): Promise<DecodeResult> {
  return new Promise((resolve) => {
    const finish = (result: DecodeResult, reusable: boolean) => {
      clearTimeout(timer);
      worker.off("message", onAnswer);
      worker.off("error", onFailure);
      worker.off("exit", onFailure);
      if (reusable) parkWorker(worker);
      else void worker.terminate();
      resolve(result);
    };
    // An answer that comes at or after the limit is as late as none (a busy main thread may hand it
    // over before the timer's turn).
    const deadline = performance.now() + timeLimitMs;
    const onAnswer = (answer: WorkerAnswer) =>
      performance.now() >= deadline
        ? onFailure()
        : finish(
            answer.contentType && answer.data
              ? { contentType: answer.contentType, data: Buffer.from(answer.data) }
              : { problem: answer.problem ?? "data" },
            true,
          );
    // Out of heap (ERR_WORKER_OUT_OF_MEMORY), a crash, an exit, or too slow: unreadable, and the worker goes.
    const onFailure = () => finish({ problem: "data" }, false);
    const timer = setTimeout(onFailure, timeLimitMs);
    worker.on("message", onAnswer);
    worker.once("error", onFailure);
    worker.once("exit", onFailure);
    worker.postMessage({ ...picture, bytes: new Uint8Array(picture.bytes) });
  });
}

/** Decodes and re-encodes the picture in a worker; refuses what it cannot read in time and memory. */
export async function decodeInWorker(
  bytes: Buffer,
  type: ImageType,
  size: number,
  { timeLimitMs = DECODE_TIME_LIMIT_MS } = {},
): Promise<DecodeResult> {
  await turn();
  try {
    return await decodeOn(takeWorker(), { bytes, type, size }, timeLimitMs);
  } finally {
    release();
  }
}
