/**
 * The server's clock: every rule that counts time (resend intervals, throttles, PIN expiry, the
 * purchase spacing, renewals) reads `now` from here. Under TEST_CLOCK an e2e test moves it forward
 * instead of sleeping through a wait (ADR 0040); env.ts refuses TEST_CLOCK unless the public origin
 * is this machine's, so a deployed server's clock is the wall clock and nothing else.
 */
import { Hono } from "hono";

export interface ServerClock {
  now(): Date;
  /** Moves the clock forward; never back, so nothing stored is ever in the future of `now`. */
  advance(milliseconds: number): void;
}

export function createServerClock(): ServerClock {
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
    advance(milliseconds) {
      if (!Number.isSafeInteger(milliseconds) || milliseconds <= 0) {
        throw new RangeError("the clock moves forward by a whole number of milliseconds");
      }
      offset += milliseconds;
    },
  };
}

/** An ISO 8601 instant with its offset: a bare date or time would be read in the machine's zone. */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** A day, in seconds: the longest single move a test needs (a PIN's or a session's life is shorter). */
const MOST_SECONDS = 24 * 60 * 60;

/** One billing pass at an instant, described line by line (server/billing/billing-loop.ts). */
export type BillingPassAt = (at: Date) => Promise<string[]>;

/**
 * GET /zapi/test-clock: the server's time (a test computes time-based codes at it); POST with
 * {"advanceSeconds": n} moves it; POST /zapi/test-clock/billing-pass {"at": instant} runs one
 * billing pass at that instant, as `npm run billing:run -- --now=…` would without stopping the
 * server. Mounted only under TEST_CLOCK (server/site.ts).
 */
export function testClockRoutes(clock: ServerClock, billingPassAt?: BillingPassAt) {
  return new Hono()
    .get("/zapi/test-clock", (c) => c.json({ now: clock.now().toISOString() }))
    .post("/zapi/test-clock/billing-pass", async (c) => {
      const body = (await c.req.json().catch(() => null)) as { at?: unknown } | null;
      const at = typeof body?.at === "string" && INSTANT.test(body.at) ? new Date(body.at) : null;
      if (!at || Number.isNaN(at.getTime()) || !billingPassAt) {
        return c.json(
          { message: "at must be an instant with its offset, e.g. 2027-01-31T01:00:00+09:00" },
          400,
        );
      }
      return c.json({ lines: await billingPassAt(at) });
    })
    .post("/zapi/test-clock", async (c) => {
      const body = (await c.req.json().catch(() => null)) as { advanceSeconds?: unknown } | null;
      const seconds = body?.advanceSeconds;
      if (
        typeof seconds !== "number" ||
        !Number.isInteger(seconds) ||
        seconds < 1 ||
        seconds > MOST_SECONDS
      ) {
        return c.json({ message: `advanceSeconds must be a whole number from 1 to ${MOST_SECONDS}` }, 400);
      }
      clock.advance(seconds * 1000);
      return c.json({ now: clock.now().toISOString() });
    });
}
