// Times in mails are in Japan time: a mail reader's zone is unknown, so each text names it.

import { JAPAN_TIME_ZONE } from "../../../schemas/japan-time.ts";
import { yen } from "../../../schemas/yen.ts";
import type { MailCatalog } from "./catalog.ts";

const dateTime = new Intl.DateTimeFormat("ja-JP", {
  timeZone: JAPAN_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

/** A Japan calendar day, YYYY-MM-DD, as 2026年6月16日. */
function japaneseDay(day: string): string {
  const [year, month, date] = day.split("-").map(Number);
  return `${year}年${month}月${date}日`;
}

/** Japanese, the source of truth for the wording of every mail. */
export const ja: MailCatalog = {
  footer: ({ serviceName }) => [
    "このメールは送信専用です。ご返信いただいてもお答えできませんのでご了承ください。",
    serviceName,
  ],
  templates: {
    authCode: ({ purposeName, code, validMinutes }, { serviceName }) => ({
      subject: `【${serviceName}】${purposeName}のお知らせ`,
      blocks: [
        { kind: "paragraph", text: `${serviceName}をご利用いただきありがとうございます。` },
        {
          kind: "paragraph",
          text: `${purposeName}をお送りします。画面の案内に従って、以下のコードを入力してください。`,
        },
        { kind: "code", label: purposeName, code },
        { kind: "paragraph", text: `有効期限は${validMinutes}分です。` },
        {
          kind: "note",
          text: "※このメールに心当たりがない場合は破棄してください。第三者がメールアドレスを誤って入力した可能性があります。",
        },
      ],
    }),
    passwordReset: ({ resetUrl, validMinutes }, { serviceName }) => ({
      subject: `【${serviceName}】パスワード再設定のご案内`,
      blocks: [
        { kind: "paragraph", text: `${serviceName}をご利用いただきありがとうございます。` },
        {
          kind: "paragraph",
          text: "パスワード再設定のお手続きを受け付けました。以下のリンクから新しいパスワードを設定してください。",
        },
        { kind: "link", label: "パスワードを再設定する", url: resetUrl },
        { kind: "paragraph", text: `リンクの有効期限は${validMinutes}分です。` },
        {
          kind: "note",
          text: "※このメールに心当たりがない場合は破棄してください。パスワードは変更されません。",
        },
      ],
    }),
    passwordChanged: ({ changedAt, passwordForgotUrl }, { serviceName }) => ({
      subject: `【${serviceName}】パスワード変更のお知らせ`,
      blocks: [
        { kind: "paragraph", text: `${serviceName}をご利用いただきありがとうございます。` },
        {
          kind: "paragraph",
          text: `${dateTime.format(changedAt)}(日本時間)にお客様のアカウントのパスワードが変更されました。ほかの端末ではログアウトしました。`,
        },
        {
          kind: "note",
          text: "※お心当たりがない場合は、第三者による不正な変更のおそれがあります。すぐに以下からパスワードを再設定してください。",
        },
        { kind: "link", label: "パスワードを再設定する", url: passwordForgotUrl },
      ],
    }),
    sessionsEndedBySupport: ({ endedAt, loginUrl }, { serviceName }) => ({
      subject: `【${serviceName}】すべての端末からログアウトしました`,
      blocks: [
        { kind: "paragraph", text: `${serviceName}をご利用いただきありがとうございます。` },
        {
          kind: "paragraph",
          text: `${dateTime.format(endedAt)}(日本時間)に、サポート窓口の対応により、お客様のアカウントはすべての端末からログアウトしました。引き続きご利用いただくには、もう一度ログインしてください。`,
        },
        {
          kind: "note",
          text: "※お心当たりがない場合は、サポート窓口までお問い合わせください。",
        },
        { kind: "link", label: "ログインする", url: loginUrl },
      ],
    }),
    secondFactorsRemovedBySupport: ({ removedAt, settingsUrl }, { serviceName }) => ({
      subject: `【${serviceName}】2段階認証の設定を解除しました`,
      blocks: [
        { kind: "paragraph", text: `${serviceName}をご利用いただきありがとうございます。` },
        {
          kind: "paragraph",
          text: `${dateTime.format(removedAt)}(日本時間)に、サポート窓口でご本人確認のうえ、お客様のアカウントの2段階認証の設定を解除しました。パスワードでログインしたあと、2段階認証を設定し直してください。`,
        },
        {
          kind: "note",
          text: "※お心当たりがない場合は、第三者による不正な依頼のおそれがあります。すぐにサポート窓口までお問い合わせください。",
        },
        { kind: "link", label: "2段階認証を設定する", url: settingsUrl },
      ],
    }),
    passkeyChanged: ({ changedAt, change, passkeyName, settingsUrl }, { serviceName }) => ({
      subject: `【${serviceName}】パスキーの${change === "added" ? "登録" : "削除"}のお知らせ`,
      blocks: [
        { kind: "paragraph", text: `${serviceName}をご利用いただきありがとうございます。` },
        {
          kind: "paragraph",
          text: `${dateTime.format(changedAt)}(日本時間)に、お客様のアカウント${
            change === "added" ? "にパスキー「" : "からパスキー「"
          }${passkeyName}」が${change === "added" ? "登録" : "削除"}されました。`,
        },
        {
          kind: "note",
          text: "※お心当たりがない場合は、第三者による不正な変更のおそれがあります。すぐにパスワードを変更し、パスキーの一覧をご確認ください。",
        },
        { kind: "link", label: "パスキーを確認する", url: settingsUrl },
      ],
    }),
    multiFactorChanged: ({ changedAt, change, methodName, settingsUrl }, { serviceName }) => ({
      subject: `【${serviceName}】2段階認証の設定変更のお知らせ`,
      blocks: [
        { kind: "paragraph", text: `${serviceName}をご利用いただきありがとうございます。` },
        {
          kind: "paragraph",
          text: `${dateTime.format(changedAt)}(日本時間)に${
            change === "backupCodes"
              ? "2段階認証のバックアップコードが再発行されました。以前のバックアップコードは使えません。"
              : `2段階認証の「${methodName ?? ""}」が${change === "enabled" ? "オン" : "オフ"}になりました。`
          }`,
        },
        {
          kind: "note",
          text: "※お心当たりがない場合は、第三者による不正な変更のおそれがあります。すぐにパスワードを変更し、設定をご確認ください。",
        },
        { kind: "link", label: "2段階認証の設定を確認する", url: settingsUrl },
      ],
    }),
    emailChanged: ({ changedAt, maskedNewEmail, recoveryUrl, recoveryDays }, { serviceName }) => ({
      subject: `【${serviceName}】メールアドレス変更のお知らせ`,
      blocks: [
        { kind: "paragraph", text: `${serviceName}をご利用いただきありがとうございます。` },
        {
          kind: "paragraph",
          text: `${dateTime.format(changedAt)}(日本時間)にお客様のアカウントのメールアドレスが変更されました。今後のお知らせは新しいメールアドレス(${maskedNewEmail})にお送りします。`,
        },
        {
          kind: "paragraph",
          text: `お心当たりがない場合は、第三者による不正な変更のおそれがあります。${recoveryDays}日以内に以下のリンクから、メールアドレスをこのアドレスに戻せます。すべての端末からログアウトされ、変更前のパスワードと2段階認証の設定は使えなくなります。その後、このアドレスにお送りするご案内から新しいパスワードを設定してください。`,
        },
        { kind: "link", label: "メールアドレスを元に戻す", url: recoveryUrl },
        {
          kind: "note",
          text: "※お客様ご自身による変更であれば、対応は不要です。",
        },
      ],
    }),
    withdrawn: ({ withdrawnAt }, { serviceName }) => ({
      subject: `【${serviceName}】退会手続き完了のお知らせ`,
      blocks: [
        {
          kind: "paragraph",
          text: `${dateTime.format(withdrawnAt)}(日本時間)に${serviceName}の退会手続きが完了し、アカウントを削除しました。これまでご利用いただきありがとうございました。`,
        },
        {
          kind: "note",
          text: "※お心当たりがない場合は、第三者による不正な操作のおそれがあります。ヘルプセンターからお問い合わせください。",
        },
      ],
    }),
    renewalDeclined: ({ planName, amount, retryDay, subscriptionUrl }, { serviceName }) => ({
      subject: `【${serviceName}】ご契約の更新のお支払いができませんでした`,
      blocks: [
        { kind: "paragraph", text: `${serviceName}をご利用いただきありがとうございます。` },
        {
          kind: "paragraph",
          text: `ご契約中の「${planName}」の更新のお支払い(${yen(amount)}(税込))ができなかったため、ご契約を更新保留中としました。${japaneseDay(retryDay)}以降、あらためてお支払いを試みます。`,
        },
        {
          kind: "paragraph",
          text: "お支払い方法をご確認のうえ、必要であれば変更してください。ご契約の画面からすぐにお支払いをやり直すこともできます。",
        },
        { kind: "link", label: "ご契約内容を確認する", url: subscriptionUrl },
      ],
    }),
    subscriptionEnded: ({ planName, endedAt, reason, plansUrl }, { serviceName }) => ({
      subject: `【${serviceName}】ご契約終了のお知らせ`,
      blocks: [
        {
          kind: "paragraph",
          text: `${dateTime.format(endedAt)}(日本時間)に「${planName}」のご契約が終了しました。`,
        },
        {
          kind: "paragraph",
          text:
            reason === "cancelled"
              ? "解約のお手続きにより、ご契約期間の満了をもって終了しました。これまでご利用いただきありがとうございました。"
              : reason === "unpaid"
                ? "更新のお支払いが確認できないまま次の更新日を迎えたため、ご契約を終了しました。"
                : "このプランの提供終了にともない、ご契約を終了しました。これまでご利用いただきありがとうございました。",
        },
        { kind: "link", label: "プランを見る", url: plansUrl },
      ],
    }),
    planChangeConfirmed: (vars, { serviceName }) => ({
      subject: `【${serviceName}】プラン変更のお申し込みを受け付けました`,
      blocks: [
        { kind: "paragraph", text: `${serviceName}をご利用いただきありがとうございます。` },
        {
          kind: "paragraph",
          text:
            vars.timing === "now"
              ? `本日から、ご契約のプランを「${vars.fromPlanName}」から「${vars.toPlanName}」に変更しました。現在のプランの未使用分を日割りで差し引き、差額の${yen(vars.amountNow)}(税込)を本日お支払いいただきました。`
              : `ご契約のプランを「${vars.fromPlanName}」から「${vars.toPlanName}」に変更するお申し込みを受け付けました。${japaneseDay(vars.effectiveDay)}から新しいプランに切り替わります。それまでは現在のプランをご利用いただけます。`,
        },
        {
          kind: "facts",
          rows: [
            ["変更後のプラン", vars.toPlanName],
            ["変更日", japaneseDay(vars.effectiveDay)],
            ["次回のお支払い", `${japaneseDay(vars.nextPaymentDay)} ${yen(vars.nextPaymentAmount)}(税込)`],
          ],
        },
        ...(vars.timing === "now"
          ? []
          : [
              {
                kind: "note" as const,
                text: "※変更日の前日までは、ご契約の画面から変更を取り消せます。",
              },
            ]),
        { kind: "link", label: "ご契約内容を確認する", url: vars.subscriptionUrl },
      ],
    }),
    freeDaysGiven: (vars, { serviceName }) => ({
      subject: `【${serviceName}】ご契約に無料期間を追加しました`,
      blocks: [
        { kind: "paragraph", text: `${serviceName}をご利用いただきありがとうございます。` },
        {
          kind: "paragraph",
          text: `サポート窓口の対応により、「${vars.planName}」のご契約に${vars.days}日分の無料期間を追加しました。次回のお支払いは${japaneseDay(vars.nextPaymentDay)}です。`,
        },
        { kind: "link", label: "ご契約内容を確認する", url: vars.subscriptionUrl },
      ],
    }),
    emailVerificationReminder: (vars, { serviceName }) => ({
      subject: `【${serviceName}】メールアドレスの確認のお願い`,
      blocks: [
        { kind: "paragraph", text: `${serviceName}をご利用いただきありがとうございます。` },
        {
          kind: "paragraph",
          text: "サポート窓口へのご依頼により、メールアドレスの確認のご案内をお送りします。以下のページにログインし、画面の案内に従って認証コードを受け取り、入力してください。",
        },
        { kind: "link", label: "メールアドレスを確認する", url: vars.verifyUrl },
        { kind: "note", text: "※お心当たりがない場合は、このメールを破棄してください。" },
      ],
    }),
    subscriptionCancelledBySupport: (vars, { serviceName }) => ({
      subject: `【${serviceName}】ご契約の解約を承りました`,
      blocks: [
        { kind: "paragraph", text: `${serviceName}をご利用いただきありがとうございます。` },
        {
          kind: "paragraph",
          text:
            vars.timing === "now"
              ? `サポート窓口へのご依頼により、「${vars.planName}」のご契約を本日解約しました。本日からご利用いただけません。`
              : `サポート窓口へのご依頼により、「${vars.planName}」のご契約を解約予定としました。${japaneseDay(vars.endDay)}の前日までご利用いただけ、それ以降のお支払いはありません。`,
        },
        ...(vars.refundAmount > 0
          ? [
              {
                kind: "paragraph" as const,
                text: `ご利用にならなかった期間の料金として、${yen(vars.refundAmount)}(税込)をご返金します。返還請求書は別のメールでお送りします。`,
              },
            ]
          : []),
        { kind: "note", text: "※お心当たりがない場合は、サポート窓口までお問い合わせください。" },
        { kind: "link", label: "プランを見る", url: vars.plansUrl },
      ],
    }),
    refundMade: (vars, { serviceName }) => ({
      subject: `【${serviceName}】ご返金のお知らせ`,
      blocks: [
        { kind: "paragraph", text: `${serviceName}をご利用いただきありがとうございます。` },
        {
          kind: "paragraph",
          text: `${dateTime.format(vars.chargedAt)}(日本時間)にお支払いいただいた「${vars.planName}」の代金のうち、${yen(vars.amount)}(税込)をご返金しました。お支払いに使われた方法に返金されます。反映の時期はご利用のカード会社・決済事業者によって異なります。`,
        },
        {
          kind: "facts",
          rows: [
            ["返金日時", dateTime.format(vars.refundedAt)],
            ["返金額", `${yen(vars.amount)}(税込、うち消費税 ${yen(vars.taxAmount)})`],
          ],
        },
        { kind: "link", label: "返還請求書を表示する", url: vars.returnInvoiceUrl },
      ],
    }),
    planChangeApplied: (vars, { serviceName }) => ({
      subject: `【${serviceName}】プランの変更が完了しました`,
      blocks: [
        { kind: "paragraph", text: `${serviceName}をご利用いただきありがとうございます。` },
        {
          kind: "paragraph",
          text: `お申し込みのとおり、本日からご契約のプランを「${vars.fromPlanName}」から「${vars.toPlanName}」に変更し、${yen(vars.amount)}(税込)をお支払いいただきました。次回のお支払いは${japaneseDay(vars.nextPaymentDay)}です。`,
        },
        { kind: "link", label: "ご契約内容を確認する", url: vars.subscriptionUrl },
      ],
    }),
    newLogin: ({ loggedInAt, device, browser, ip, loginHistoryUrl }, { serviceName }) => ({
      subject: `【${serviceName}】新しい端末からログインがありました`,
      blocks: [
        {
          kind: "paragraph",
          text: `お客様の${serviceName}アカウントに、新しい端末からのログインがありました。`,
        },
        {
          kind: "facts",
          rows: [
            ["日時", `${dateTime.format(loggedInAt)}(日本時間)`],
            ["端末", device],
            ["ブラウザ", browser],
            ["IPアドレス", ip],
          ],
        },
        { kind: "paragraph", text: "お客様ご自身によるログインであれば、対応は不要です。" },
        { kind: "link", label: "ログイン履歴を確認する", url: loginHistoryUrl },
        {
          kind: "note",
          text: "※ログインに心当たりがない場合は、第三者による不正なログインのおそれがあります。すぐにパスワードを変更してください。",
        },
      ],
    }),
  },
};
