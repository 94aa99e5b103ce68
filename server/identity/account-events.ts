/**
 * What happens to an account that other rooms act on, raised here without identity knowing who
 * listens: the login provider ends the tokens it issued, billing lets go of the member on the
 * invoice copies it keeps. The API's composition root subscribes them (server/api/app.ts), so the
 * listeners run wherever the API runs. Each runs in the caller's transaction: what it does stands
 * or falls with the change itself.
 */
import type { Db } from "../db/database.ts";

/** The statements a listener may make, in the transaction it is handed. */
export type AccountEventDb = Pick<Db, "select" | "delete" | "update">;

export interface AccountEventListener {
  /** The password changed or was reset: what the old one let in ends. */
  passwordChanged?(db: AccountEventDb, accountId: string): Promise<void>;
  /** The member withdraws: called before the account's row is deleted. */
  accountRemoving?(db: AccountEventDb, accountId: string): Promise<void>;
}

/** A set of listeners and the ways to raise each event to them, in the order they were added. */
export function createAccountEvents() {
  const listeners = new Set<AccountEventListener>();
  return {
    /** Adds listeners (once each, however often subscribed). */
    on(...added: AccountEventListener[]): void {
      for (const listener of added) listeners.add(listener);
    },
    async passwordChanged(db: AccountEventDb, accountId: string): Promise<void> {
      for (const listener of listeners) await listener.passwordChanged?.(db, accountId);
    },
    async accountRemoving(db: AccountEventDb, accountId: string): Promise<void> {
      for (const listener of listeners) await listener.accountRemoving?.(db, accountId);
    },
  };
}

/** The account's events in this process; the composition root subscribes to them. */
export const accountEvents = createAccountEvents();
