import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestApi, insertAccount, type TestApi } from "../../tests/api-harness.ts";
import { mailRecords } from "../db/schema.ts";
import { forgetAccountMails, mailsSentTo, purgeMailRecords, recordingMailer } from "./mail-records.ts";

let t: TestApi;
beforeEach(async () => {
  t = await createTestApi({ startAt: "2026-06-10T03:00:00Z" });
});
afterEach(() => t.close());

const message = (to: string, subject: string) => ({
  from: "no-reply@x",
  to,
  subject,
  text: "secret 123456",
  html: "",
});

describe("the record of mails sent", () => {
  it("keeps the address and subject of each mail sent, never its content, newest first", async () => {
    let now = new Date("2026-06-01T00:00:00Z");
    const mailer = recordingMailer(t.outbox.mailer, t.db, () => now);
    await mailer.send(message("Taro@Example.jp", "first"));
    now = new Date("2026-06-02T00:00:00Z");
    await mailer.send(message("taro@example.jp", "second"));
    await mailer.send(message("someone@example.jp", "other"));
    expect(await mailsSentTo(t.db, ["TARO@example.jp"], 10)).toEqual([
      { to: "taro@example.jp", subject: "second", sentAt: new Date("2026-06-02T00:00:00Z") },
      { to: "taro@example.jp", subject: "first", sentAt: new Date("2026-06-01T00:00:00Z") },
    ]);
    expect(JSON.stringify(await t.db.select().from(mailRecords))).not.toContain("123456");
  });

  it("records nothing of a mail the transport refused", async () => {
    const failing = recordingMailer(
      {
        send: async () => {
          throw new Error("smtp down");
        },
      },
      t.db,
      () => new Date(),
    );
    await expect(failing.send(message("a@example.jp", "x"))).rejects.toThrow("smtp down");
    expect(await t.db.select().from(mailRecords)).toEqual([]);
  });

  it("forgets records after 90 days, and a withdrawing member's at once", async () => {
    const mailer = recordingMailer(t.outbox.mailer, t.db, () => new Date("2026-03-01T00:00:00Z"));
    await mailer.send(message("old@example.jp", "old"));
    const member = await insertAccount(t, { email: "member@example.jp" });
    await recordingMailer(t.outbox.mailer, t.db, () => new Date("2026-06-01T00:00:00Z")).send(
      message("member@example.jp", "kept"),
    );
    expect(await purgeMailRecords(t.db, new Date("2026-06-10T00:00:00Z"))).toBe(1);
    expect((await t.db.select().from(mailRecords)).map((row) => row.subject)).toEqual(["kept"]);
    await forgetAccountMails(t.db, member.accountId);
    expect(await t.db.select().from(mailRecords)).toEqual([]);
  });
});
