import { describe, expect, it } from "vitest";
import storeJson from "../../config/store.json" with { type: "json" };
import type { StoreSettingsSource } from "../store/store-settings-source.ts";
import { parseStoreSettings, type StoreSettings } from "../store/validate-settings.ts";
import { MemoryOutbox } from "./memory-outbox.ts";
import { mailsAfterAnswersSent, noReplyAddress, sendMail, sendMailAfterAnswer } from "./send-mail.ts";

const storeSettings = parseStoreSettings(structuredClone(storeJson), "config/store.json");

/** A store whose settings the test can replace, as the file watcher would. */
function changeableStore(initial: StoreSettings) {
  let snapshot = { settings: initial, version: "1" };
  const store: StoreSettingsSource = { current: () => snapshot, close: () => {} };
  return {
    store,
    replace: (settings: StoreSettings) => {
      snapshot = { settings, version: String(Number(snapshot.version) + 1) };
    },
  };
}

describe("sendMail", () => {
  it("sends the rendered template from no-reply at the store's mail domain, as the store is now", async () => {
    const outbox = new MemoryOutbox();
    const { store, replace } = changeableStore(storeSettings);
    const request = {
      to: "member@example.jp",
      language: "ja",
      template: "authCode",
      vars: { purposeName: "会員登録用認証コード", code: "654321", validMinutes: 60 },
    } as const;

    await sendMail({ mailer: outbox.mailer, store }, request);
    replace({ ...storeSettings, serviceName: "ソラミルPlus", smtpDomain: "mail.plus.example.jp" });
    await sendMail({ mailer: outbox.mailer, store }, request);

    const [first, second] = outbox.mails;
    expect(first?.from).toBe("no-reply@mail.soramiru.example.jp");
    expect(first?.subject).toBe("【ソラミル】会員登録用認証コードのお知らせ");
    expect(first?.text).toContain("654321");
    expect(first?.html).toContain("654321");
    expect(second?.from).toBe("no-reply@mail.plus.example.jp");
    expect(second?.subject).toBe("【ソラミルPlus】会員登録用認証コードのお知らせ");
    expect(outbox.latestMailTo("MEMBER@example.jp")).toBe(second);
  });

  it("names the service in English in English mails, when the store gives the English name", async () => {
    const outbox = new MemoryOutbox();
    const { store, replace } = changeableStore(storeSettings);
    const request = {
      to: "member@example.jp",
      language: "en",
      template: "authCode",
      vars: { purposeName: "Sign-up code", code: "654321", validMinutes: 60 },
    } as const;
    replace({ ...storeSettings, serviceNameEn: "Soramiru" });
    await sendMail({ mailer: outbox.mailer, store }, request);
    replace({ ...storeSettings, serviceNameEn: undefined });
    await sendMail({ mailer: outbox.mailer, store }, request);
    const [english, fallback] = outbox.mails;
    expect(english?.subject).toContain("Soramiru");
    expect(english?.subject).not.toContain("ソラミル");
    // The code's label, within a sentence (issue 41 §16).
    expect(english?.subject).toBe("[Soramiru] Your sign-up code");
    await sendMail(
      { mailer: outbox.mailer, store },
      { ...request, vars: { ...request.vars, purposeName: "E-mail change code" } },
    );
    expect(outbox.mails.at(-1)?.subject).toMatch(/Your e-mail change code$/);
    expect(fallback?.subject).toContain("ソラミル");
  });
});

describe("sendMailAfterAnswer", () => {
  it("renders and sends nothing while the request's own work goes on, then sends it once", async () => {
    const outbox = new MemoryOutbox();
    const { store } = changeableStore(storeSettings);
    let rendered = 0;
    const counting = {
      current: () => {
        rendered += 1;
        return store.current();
      },
      close: () => {},
    };
    sendMailAfterAnswer(
      { mailer: outbox.mailer, store: counting },
      {
        to: "member@example.jp",
        language: "ja",
        template: "authCode",
        vars: { purposeName: "ログイン用認証コード", code: "123456", validMinutes: 10 },
      },
      "the test's code",
    );
    // The rest of the request: however many promise steps, none of the mail's work runs among them.
    for (let step = 0; step < 100; step++) await Promise.resolve();
    expect(rendered).toBe(0);
    expect(outbox.mails).toHaveLength(0);
    await mailsAfterAnswersSent();
    expect(rendered).toBe(1);
    expect(outbox.mails).toHaveLength(1);
  });
});

describe("noReplyAddress", () => {
  it("falls back to localhost when the store has no mail domain", () => {
    expect(noReplyAddress({ smtpDomain: "mail.example.jp" })).toBe("no-reply@mail.example.jp");
    expect(noReplyAddress({})).toBe("no-reply@localhost");
  });
});
