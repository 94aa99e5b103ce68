import { describe, expect, it, vi } from "vitest";
import { type AccountEventDb, createAccountEvents } from "./account-events.ts";

const db = {} as AccountEventDb;

describe("account events", () => {
  it("hands each listener the caller's transaction and the account, once however often subscribed", async () => {
    const events = createAccountEvents();
    const removing = vi.fn(async () => {});
    const changed = vi.fn(async () => {});
    const listener = { accountRemoving: removing, passwordChanged: changed };
    events.on(listener, listener);
    events.on(listener);
    await events.accountRemoving(db, "a-1");
    expect(removing).toHaveBeenCalledTimes(1);
    expect(removing).toHaveBeenCalledWith(db, "a-1");
    expect(changed).not.toHaveBeenCalled();
    await events.passwordChanged(db, "a-2");
    expect(changed).toHaveBeenCalledWith(db, "a-2");
  });

  it("lets a listener's failure fail the change it is part of", async () => {
    const events = createAccountEvents();
    events.on({
      accountRemoving: async () => {
        throw new Error("kept");
      },
    });
    await expect(events.accountRemoving(db, "a-3")).rejects.toThrow("kept");
  });
});
