/**
 * How the project's commands (`npm run billing:run`, `oidc:rotate-keys`, `db:reset`) end: a known
 * error — bad usage, bad environment, a database another process owns — is one line `✖ message` on
 * stderr and exit status 1; anything else is printed whole, as the bug it is.
 */
import { pathToFileURL } from "node:url";

/** The command line was wrong; the message says how. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UsageError";
  }
}

type ErrorClass = abstract new (...args: never[]) => Error;

/**
 * Runs `main` with the arguments when `moduleUrl` (the caller's import.meta.url) is the script
 * node was started with — a test importing the module runs nothing — and exits with its status.
 */
export function runAsCommand(
  moduleUrl: string,
  main: (argv: readonly string[]) => Promise<number> | number,
  knownErrors: readonly ErrorClass[],
): void {
  if (moduleUrl !== pathToFileURL(process.argv[1] ?? "").href) return;
  const known = [UsageError, ...knownErrors];
  Promise.resolve()
    .then(() => main(process.argv.slice(2)))
    .then(
      (code) => process.exit(code),
      (error: unknown) => {
        const isKnown = known.some((errorClass) => error instanceof errorClass);
        console.error(isKnown ? `✖ ${(error as Error).message}` : error);
        process.exit(1);
      },
    );
}
