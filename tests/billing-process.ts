/**
 * A billing process for tests/unit/billing-processes.test.ts: the command's runner (scripts/
 * billing-run.ts) kept open, running one pass each time its parent sends it a clock over IPC and
 * answering with the pass's totals. Two of them stand for two server processes on one PostgreSQL,
 * without a process start (≈1.5 s of CPU here) between the cycles they bill.
 */
import { openBillingRunner } from "../scripts/billing-run.ts";
import { parseEnv } from "../server/env.ts";

export interface PassRequest {
  now: string;
}

export type PassAnswer = { totals: Record<string, number> } | { error: string };

const runner = await openBillingRunner(parseEnv());
const send = (answer: PassAnswer) => process.send?.(answer);

process.on("message", (request: PassRequest) => {
  runner.pass(new Date(request.now)).then(
    (report) => send({ totals: report.totals }),
    (error: unknown) => send({ error: String((error as Error)?.stack ?? error) }),
  );
});
// The parent closing the channel is the end.
process.on("disconnect", () => void runner.close().then(() => process.exit(0)));
send({ totals: {} });
