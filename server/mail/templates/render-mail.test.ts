import { describe, expect, it } from "vitest";
import { SUPPORTED_LANGUAGES } from "../../../locales/index.ts";
import type { MailBrand, MailTemplateName, MailTemplateVars } from "./catalog.ts";
import { escapeHtml, renderMail } from "./render-mail.ts";

const brand: MailBrand = { serviceName: "ソラミル", accentColor: "#1f6feb" };

const sampleVars: { [Name in MailTemplateName]: MailTemplateVars[Name] } = {
  authCode: { purposeName: "会員登録用認証コード", code: "123456", validMinutes: 60 },
  passwordReset: { resetUrl: "https://soramiru.example.jp/password/reset?token=abc&x=1", validMinutes: 60 },
  passwordChanged: {
    changedAt: new Date("2026-11-21T05:30:00Z"),
    passwordForgotUrl: "https://soramiru.example.jp/password/forgot",
  },
  multiFactorChanged: {
    changedAt: new Date("2026-11-21T05:30:00Z"),
    change: "enabled",
    methodName: "認証アプリ",
    settingsUrl: "https://soramiru.example.jp/mypage/multi-factor",
  },
  passkeyChanged: {
    changedAt: new Date("2026-11-21T05:30:00Z"),
    change: "added",
    passkeyName: "iPhone の Safari",
    settingsUrl: "https://soramiru.example.jp/mypage/passkeys",
  },
  sessionsEndedBySupport: {
    endedAt: new Date("2026-11-21T05:30:00Z"),
    loginUrl: "https://soramiru.example.jp/login",
  },
  secondFactorsRemovedBySupport: {
    removedAt: new Date("2026-11-21T05:30:00Z"),
    settingsUrl: "https://soramiru.example.jp/mypage/multi-factor",
  },
  withdrawn: { withdrawnAt: new Date("2026-11-21T05:30:00Z") },
  emailChanged: {
    changedAt: new Date("2026-11-21T05:30:00Z"),
    maskedNewEmail: "ha***@example.jp",
    recoveryUrl: "https://soramiru.example.jp/email/recover?token=abc",
    recoveryDays: 7,
  },
  renewalDeclined: {
    planName: "スタンダードプラン（月額）",
    amount: 1980,
    retryDay: "2026-06-16",
    subscriptionUrl: "https://soramiru.example.jp/mypage/subscription/abc",
  },
  subscriptionEnded: {
    planName: "スタンダードプラン（月額）",
    endedAt: new Date("2026-11-21T05:30:00Z"),
    reason: "unpaid",
    plansUrl: "https://soramiru.example.jp/plans",
  },
  planChangeConfirmed: {
    fromPlanName: "スタンダードプラン（月額）",
    toPlanName: "スタンダードプラン（年額）",
    timing: "nextSettlement",
    effectiveDay: "2026-12-30",
    amountNow: 0,
    nextPaymentDay: "2026-12-30",
    nextPaymentAmount: 9900,
    subscriptionUrl: "https://soramiru.example.jp/mypage/subscription/abc",
  },
  freeDaysGiven: {
    planName: "スタンダードプラン（月額）",
    days: 14,
    nextPaymentDay: "2026-12-15",
    subscriptionUrl: "https://soramiru.example.jp/mypage/subscription/abc",
  },
  emailVerificationReminder: { verifyUrl: "https://soramiru.example.jp/mypage/email/verify" },
  subscriptionCancelledBySupport: {
    planName: "スタンダードプラン（月額）",
    timing: "now",
    endDay: "2026-11-21",
    refundAmount: 495,
    plansUrl: "https://soramiru.example.jp/plans",
  },
  refundMade: {
    planName: "スタンダードプラン（月額）",
    amount: 500,
    taxAmount: 45,
    refundedAt: new Date("2026-11-21T05:30:00Z"),
    chargedAt: new Date("2026-11-01T00:00:00Z"),
    returnInvoiceUrl: "https://soramiru.example.jp/mypage/refund/abc",
  },
  planChangeApplied: {
    fromPlanName: "スタンダードプラン（月額）",
    toPlanName: "スタンダードプラン（年額）",
    amount: 9900,
    nextPaymentDay: "2027-12-30",
    subscriptionUrl: "https://soramiru.example.jp/mypage/subscription/abc",
  },
  newLogin: {
    loggedInAt: new Date("2026-11-21T05:30:00Z"),
    device: "PC Macintosh",
    browser: "Safari 18",
    ip: "203.0.113.7",
    loginHistoryUrl: "https://soramiru.example.jp/mypage/login-history",
  },
};

const templateNames = Object.keys(sampleVars) as MailTemplateName[];

/** The text of an HTML body as a reader sees it: tags dropped, entities decoded. */
const visibleText = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&quot;", '"')
    .replaceAll("&#39;", "'")
    .replaceAll("&amp;", "&");

describe("every template in every language", () => {
  for (const language of SUPPORTED_LANGUAGES) {
    for (const name of templateNames) {
      it(`${name} (${language}) has the branded layout in both bodies`, () => {
        const mail = renderMail(name, language, sampleVars[name], brand);
        expect(mail.subject).toContain("ソラミル");
        expect(mail.text.startsWith("ソラミル\n")).toBe(true);
        expect(mail.html).toContain(`<html lang="${language}">`);
        expect(mail.html).toMatch(/background:#1f6feb[^>]*>ソラミル</);
        const sendOnly = language === "ja" ? "このメールは送信専用です" : "This address only sends mail";
        expect(mail.text).toContain(sendOnly);
        expect(mail.html).toContain(sendOnly);
      });
    }
  }
});

describe("authCode", () => {
  it("names the purpose in the subject and gives the code, the validity and a discard note (ja)", () => {
    const mail = renderMail("authCode", "ja", sampleVars.authCode, brand);
    expect(mail.subject).toBe("【ソラミル】会員登録用認証コードのお知らせ");
    for (const body of [mail.text, visibleText(mail.html)]) {
      expect(body).toContain("123456");
      expect(body).toContain("有効期限は60分です");
      expect(body).toContain("心当たりがない場合は破棄してください");
    }
  });

  it("is in English with the English purpose name (en)", () => {
    const mail = renderMail("authCode", "en", { ...sampleVars.authCode, purposeName: "sign-up code" }, brand);
    expect(mail.subject).toBe("[ソラミル] Your sign-up code");
    expect(mail.text).toContain("123456");
    expect(mail.text).toContain("valid for 60 minutes");
    // Apart from the store's (Japanese) service name, nothing is left in Japanese.
    expect(mail.text.replaceAll("ソラミル", "")).not.toMatch(/[ぁ-んァ-ン一-龯]/);
  });
});

describe("passwordReset", () => {
  it.each(SUPPORTED_LANGUAGES)(
    "links to the reset page and states the 60-minute validity (%s)",
    (language) => {
      const mail = renderMail("passwordReset", language, sampleVars.passwordReset, brand);
      expect(mail.text).toContain("https://soramiru.example.jp/password/reset?token=abc&x=1");
      expect(mail.html).toContain('href="https://soramiru.example.jp/password/reset?token=abc&amp;x=1"');
      expect(mail.text).toContain("60");
    },
  );

  it("refuses a link that is not http(s)", () => {
    expect(() =>
      renderMail("passwordReset", "ja", { resetUrl: "javascript:alert(1)", validMinutes: 60 }, brand),
    ).toThrow(/http\(s\) URL/);
  });
});

describe("newLogin", () => {
  it("shows time in Japan time, device, browser and IP in each language", () => {
    const ja = renderMail("newLogin", "ja", sampleVars.newLogin, brand);
    expect(ja.text).toContain("日時: 2026/11/21 14:30:00(日本時間)");
    expect(ja.text).toContain("端末: PC Macintosh");
    expect(ja.text).toContain("ブラウザ: Safari 18");
    expect(ja.text).toContain("IPアドレス: 203.0.113.7");

    const en = renderMail("newLogin", "en", sampleVars.newLogin, brand);
    expect(en.text).toContain("Time: 21 Nov 2026, 14:30:00 (Japan time)");
    expect(en.text).toContain("IP address: 203.0.113.7");
    expect(visibleText(en.html)).toContain("PC Macintosh");
  });
});

describe("HTML escaping", () => {
  it("escapes every variable and the service name, and keeps them verbatim in the text body", () => {
    const hostile = `<img src=x onerror="alert('x')">&`;
    const mail = renderMail(
      "newLogin",
      "ja",
      { ...sampleVars.newLogin, device: hostile, browser: hostile },
      { ...brand, serviceName: `ソラミル<b>` },
    );
    expect(mail.html).not.toContain("<img");
    expect(mail.html).not.toContain("<b>");
    expect(mail.html).toContain(escapeHtml(hostile));
    expect(visibleText(mail.html)).toContain(hostile);
    expect(mail.text).toContain(`端末: ${hostile}`);
  });

  it("does not let a malformed accent colour into a style attribute", () => {
    const mail = renderMail("authCode", "ja", sampleVars.authCode, {
      ...brand,
      accentColor: 'red" onload="alert(1)',
    });
    expect(mail.html).not.toContain("onload");
  });

  it("escapes the five HTML-special characters", () => {
    expect(escapeHtml(`<a href="x">Tom & Jerry's</a>`)).toBe(
      "&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;",
    );
  });
});
