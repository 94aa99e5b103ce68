import { describe, expect, it } from "vitest";
import { MemoryOutbox } from "./memory-outbox.ts";

const mail = (to: string, subject: string) => ({ from: "no-reply@x.jp", to, subject, text: "", html: "" });

describe("MemoryOutbox", () => {
  it("keeps mails and SMS in sending order and finds the latest per recipient", async () => {
    const outbox = new MemoryOutbox();
    await outbox.mailer.send(mail("member@example.jp", "first"));
    await outbox.mailer.send(mail("other@example.jp", "other"));
    await outbox.mailer.send(mail("Member@Example.jp", "second"));
    await outbox.sms.send({ to: "09012345678", text: "111111" });
    await outbox.sms.send({ to: "09012345678", text: "222222" });

    expect(outbox.mails.map((m) => m.subject)).toEqual(["first", "other", "second"]);
    expect(outbox.latestMailTo("member@example.jp")?.subject).toBe("second");
    expect(outbox.latestMailTo("nobody@example.jp")).toBeNull();
    expect(outbox.latestSmsTo("09012345678")?.text).toBe("222222");
  });

  it("stores a copy, so a sender reusing its message object cannot rewrite history", async () => {
    const outbox = new MemoryOutbox();
    const message = mail("member@example.jp", "first");
    await outbox.mailer.send(message);
    message.subject = "changed";
    expect(outbox.mails[0]?.subject).toBe("first");
  });

  it("forgets everything on clear()", async () => {
    const outbox = new MemoryOutbox();
    await outbox.mailer.send(mail("member@example.jp", "first"));
    await outbox.sms.send({ to: "09012345678", text: "111111" });
    outbox.clear();
    expect(outbox.mails).toEqual([]);
    expect(outbox.texts).toEqual([]);
  });
});
