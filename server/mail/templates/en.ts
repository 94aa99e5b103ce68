// Times in mails are in Japan time: a mail reader's zone is unknown, so each text names it.

import { JAPAN_TIME_ZONE } from "../../../schemas/japan-time.ts";
import { yen } from "../../../schemas/yen.ts";
import type { MailCatalog } from "./catalog.ts";

const dateTime = new Intl.DateTimeFormat("en-GB", {
  timeZone: JAPAN_TIME_ZONE,
  dateStyle: "medium",
  timeStyle: "medium",
});

/** A code's name as a label ("Sign-up code") within a sentence ("your sign-up code"); acronyms stay. */
function inSentence(name: string): string {
  return /^[A-Z][a-z-]/.test(name) ? `${name.charAt(0).toLowerCase()}${name.slice(1)}` : name;
}

/** A Japan calendar day, YYYY-MM-DD, as 16 Jun 2026. */
function englishDay(day: string): string {
  return new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", dateStyle: "medium" }).format(
    new Date(`${day}T00:00:00Z`),
  );
}

/** English, translated from ja.ts. */
export const en: MailCatalog = {
  footer: ({ serviceName }) => ["This address only sends mail; replies to it are not read.", serviceName],
  templates: {
    authCode: ({ purposeName: label, code, validMinutes }, { serviceName }) => {
      const purposeName = inSentence(label);
      return {
        subject: `[${serviceName}] Your ${purposeName}`,
        blocks: [
          { kind: "paragraph", text: `Thank you for using ${serviceName}.` },
          {
            kind: "paragraph",
            text: `Here is your ${purposeName}. Enter it on the screen as instructed.`,
          },
          { kind: "code", label, code },
          { kind: "paragraph", text: `It is valid for ${validMinutes} minutes.` },
          {
            kind: "note",
            text: "If you did not expect this e-mail, please discard it. Someone may have entered your address by mistake.",
          },
        ],
      };
    },
    passwordReset: ({ resetUrl, validMinutes }, { serviceName }) => ({
      subject: `[${serviceName}] Resetting your password`,
      blocks: [
        { kind: "paragraph", text: `Thank you for using ${serviceName}.` },
        {
          kind: "paragraph",
          text: "We received a request to reset your password. Set a new password with the link below.",
        },
        { kind: "link", label: "Reset your password", url: resetUrl },
        { kind: "paragraph", text: `The link is valid for ${validMinutes} minutes.` },
        {
          kind: "note",
          text: "If you did not ask for this, please discard this e-mail. Your password will not change.",
        },
      ],
    }),
    passwordChanged: ({ changedAt, passwordForgotUrl }, { serviceName }) => ({
      subject: `[${serviceName}] Your password was changed`,
      blocks: [
        { kind: "paragraph", text: `Thank you for using ${serviceName}.` },
        {
          kind: "paragraph",
          text: `The password of your account was changed on ${dateTime.format(changedAt)} (Japan time). Your other devices have been logged out.`,
        },
        {
          kind: "note",
          text: "If you did not change it, someone else may have. Reset your password at once with the link below.",
        },
        { kind: "link", label: "Reset your password", url: passwordForgotUrl },
      ],
    }),
    sessionsEndedBySupport: ({ endedAt, loginUrl }, { serviceName }) => ({
      subject: `[${serviceName}] You were logged out on every device`,
      blocks: [
        { kind: "paragraph", text: `Thank you for using ${serviceName}.` },
        {
          kind: "paragraph",
          text: `On ${dateTime.format(endedAt)} (Japan time), our support logged your account out on every device. Log in again to go on using the service.`,
        },
        { kind: "note", text: "If you did not expect this, please contact our support." },
        { kind: "link", label: "Log in", url: loginUrl },
      ],
    }),
    secondFactorsRemovedBySupport: ({ removedAt, settingsUrl }, { serviceName }) => ({
      subject: `[${serviceName}] Two-step verification was turned off`,
      blocks: [
        { kind: "paragraph", text: `Thank you for using ${serviceName}.` },
        {
          kind: "paragraph",
          text: `On ${dateTime.format(removedAt)} (Japan time), after checking who you are, our support turned off two-step verification for your account. Log in with your password, then set two-step verification up again.`,
        },
        {
          kind: "note",
          text: "If you did not ask for this, someone else may have. Contact our support at once.",
        },
        { kind: "link", label: "Set up two-step verification", url: settingsUrl },
      ],
    }),
    passkeyChanged: ({ changedAt, change, passkeyName, settingsUrl }, { serviceName }) => ({
      subject: `[${serviceName}] A passkey was ${change === "added" ? "added to" : "removed from"} your account`,
      blocks: [
        { kind: "paragraph", text: `Thank you for using ${serviceName}.` },
        {
          kind: "paragraph",
          text: `On ${dateTime.format(changedAt)} (Japan time), the passkey "${passkeyName}" was ${
            change === "added" ? "added to" : "removed from"
          } your account.`,
        },
        {
          kind: "note",
          text: "If you did not make this change, someone else may have. Change your password at once and review your passkeys.",
        },
        { kind: "link", label: "Review your passkeys", url: settingsUrl },
      ],
    }),
    multiFactorChanged: ({ changedAt, change, methodName, settingsUrl }, { serviceName }) => ({
      subject: `[${serviceName}] Your two-step verification settings changed`,
      blocks: [
        { kind: "paragraph", text: `Thank you for using ${serviceName}.` },
        {
          kind: "paragraph",
          text: `On ${dateTime.format(changedAt)} (Japan time), ${
            change === "backupCodes"
              ? "new backup codes were issued for two-step verification. The earlier backup codes no longer work."
              : `two-step verification by ${methodName ?? ""} was ${change === "enabled" ? "turned on" : "turned off"}.`
          }`,
        },
        {
          kind: "note",
          text: "If you did not make this change, someone else may have. Change your password at once and review the settings.",
        },
        { kind: "link", label: "Review two-step verification", url: settingsUrl },
      ],
    }),
    emailChanged: ({ changedAt, maskedNewEmail, recoveryUrl, recoveryDays }, { serviceName }) => ({
      subject: `[${serviceName}] Your e-mail address was changed`,
      blocks: [
        { kind: "paragraph", text: `Thank you for using ${serviceName}.` },
        {
          kind: "paragraph",
          text: `The e-mail address of your account was changed on ${dateTime.format(changedAt)} (Japan time). We will write to the new address (${maskedNewEmail}) from now on.`,
        },
        {
          kind: "paragraph",
          text: `If you did not change it, someone else may have. Within ${recoveryDays} days, the link below puts this address back on your account: every device is logged out, and the old password and two-step verification settings stop working. Then set a new password from the message we send to this address.`,
        },
        { kind: "link", label: "Put my e-mail address back", url: recoveryUrl },
        { kind: "note", text: "If you made the change yourself, there is nothing to do." },
      ],
    }),
    withdrawn: ({ withdrawnAt }, { serviceName }) => ({
      subject: `[${serviceName}] Your account has been deleted`,
      blocks: [
        {
          kind: "paragraph",
          text: `You left ${serviceName} on ${dateTime.format(withdrawnAt)} (Japan time) and your account has been deleted. Thank you for having been with us.`,
        },
        {
          kind: "note",
          text: "If you did not ask for this, someone else may have. Contact our help centre.",
        },
      ],
    }),
    renewalDeclined: ({ planName, amount, retryDay, subscriptionUrl }, { serviceName }) => ({
      subject: `[${serviceName}] We could not take your renewal payment`,
      blocks: [
        { kind: "paragraph", text: `Thank you for using ${serviceName}.` },
        {
          kind: "paragraph",
          text: `The renewal payment for "${planName}" (${yen(amount)}, tax included) did not go through, so your subscription is on hold. We will try again from ${englishDay(retryDay)}.`,
        },
        {
          kind: "paragraph",
          text: "Please check your payment method and change it if needed. You can also retry the payment at once from your subscription's page.",
        },
        { kind: "link", label: "Review your subscription", url: subscriptionUrl },
      ],
    }),
    subscriptionEnded: ({ planName, endedAt, reason, plansUrl }, { serviceName }) => ({
      subject: `[${serviceName}] Your subscription has ended`,
      blocks: [
        {
          kind: "paragraph",
          text: `Your subscription to "${planName}" ended on ${dateTime.format(endedAt)} (Japan time).`,
        },
        {
          kind: "paragraph",
          text:
            reason === "cancelled"
              ? "You cancelled it, and it ran to the end of its paid period. Thank you for having been with us."
              : reason === "unpaid"
                ? "Its renewal payment could not be taken before the next renewal day, so it has ended."
                : "The plan is no longer offered, so it has ended. Thank you for having been with us.",
        },
        { kind: "link", label: "See the plans", url: plansUrl },
      ],
    }),
    planChangeConfirmed: (vars, { serviceName }) => ({
      subject: `[${serviceName}] Your plan change is confirmed`,
      blocks: [
        { kind: "paragraph", text: `Thank you for using ${serviceName}.` },
        {
          kind: "paragraph",
          text:
            vars.timing === "now"
              ? `From today your plan is "${vars.toPlanName}" instead of "${vars.fromPlanName}". The unused part of your current plan was credited by the day, and the difference of ${yen(vars.amountNow)} (tax included) was paid today.`
              : `Your plan changes from "${vars.fromPlanName}" to "${vars.toPlanName}" on ${englishDay(vars.effectiveDay)}. Until then you keep your current plan.`,
        },
        {
          kind: "facts",
          rows: [
            ["New plan", vars.toPlanName],
            ["Takes effect", englishDay(vars.effectiveDay)],
            [
              "Next payment",
              `${yen(vars.nextPaymentAmount)} (tax included) on ${englishDay(vars.nextPaymentDay)}`,
            ],
          ],
        },
        ...(vars.timing === "now"
          ? []
          : [
              {
                kind: "note" as const,
                text: "You can undo the change from your subscription's page until the day before it takes effect.",
              },
            ]),
        { kind: "link", label: "Review your subscription", url: vars.subscriptionUrl },
      ],
    }),
    freeDaysGiven: (vars, { serviceName }) => ({
      subject: `[${serviceName}] Free days were added to your subscription`,
      blocks: [
        { kind: "paragraph", text: `Thank you for using ${serviceName}.` },
        {
          kind: "paragraph",
          text: `Our support added ${vars.days} free days to your subscription to "${vars.planName}". Your next payment is on ${englishDay(vars.nextPaymentDay)}.`,
        },
        { kind: "link", label: "Review your subscription", url: vars.subscriptionUrl },
      ],
    }),
    emailVerificationReminder: (vars, { serviceName }) => ({
      subject: `[${serviceName}] Please verify your e-mail address`,
      blocks: [
        { kind: "paragraph", text: `Thank you for using ${serviceName}.` },
        {
          kind: "paragraph",
          text: "As you asked our support, here is how to verify your e-mail address: log in at the page below, have a code sent to you and enter it.",
        },
        { kind: "link", label: "Verify your e-mail address", url: vars.verifyUrl },
        { kind: "note", text: "If you did not ask for this, you can ignore this mail." },
      ],
    }),
    subscriptionCancelledBySupport: (vars, { serviceName }) => ({
      subject: `[${serviceName}] Your subscription has been cancelled`,
      blocks: [
        { kind: "paragraph", text: `Thank you for using ${serviceName}.` },
        {
          kind: "paragraph",
          text:
            vars.timing === "now"
              ? `As you asked our support, your subscription to "${vars.planName}" was cancelled today. It can no longer be used from today.`
              : `As you asked our support, your subscription to "${vars.planName}" will end: you can use it until the day before ${englishDay(vars.endDay)}, and nothing more will be charged.`,
        },
        ...(vars.refundAmount > 0
          ? [
              {
                kind: "paragraph" as const,
                text: `For the days you will not use, ${yen(vars.refundAmount)} (tax included) is refunded. The return invoice comes in a separate mail.`,
              },
            ]
          : []),
        { kind: "note", text: "If you did not ask for this, please contact our support." },
        { kind: "link", label: "See the plans", url: vars.plansUrl },
      ],
    }),
    refundMade: (vars, { serviceName }) => ({
      subject: `[${serviceName}] We have refunded your payment`,
      blocks: [
        { kind: "paragraph", text: `Thank you for using ${serviceName}.` },
        {
          kind: "paragraph",
          text: `We have refunded ${yen(vars.amount)} (tax included) of your payment for "${vars.planName}" made on ${dateTime.format(vars.chargedAt)} (Japan time). The money goes back to the payment method used; when it shows depends on your card issuer or payment provider.`,
        },
        {
          kind: "facts",
          rows: [
            ["Refunded on", dateTime.format(vars.refundedAt)],
            ["Amount", `${yen(vars.amount)} (tax included; consumption tax ${yen(vars.taxAmount)})`],
          ],
        },
        { kind: "link", label: "View the return invoice", url: vars.returnInvoiceUrl },
      ],
    }),
    planChangeApplied: (vars, { serviceName }) => ({
      subject: `[${serviceName}] Your plan has changed`,
      blocks: [
        { kind: "paragraph", text: `Thank you for using ${serviceName}.` },
        {
          kind: "paragraph",
          text: `As you asked, from today your plan is "${vars.toPlanName}" instead of "${vars.fromPlanName}", and ${yen(vars.amount)} (tax included) was paid. Your next payment is on ${englishDay(vars.nextPaymentDay)}.`,
        },
        { kind: "link", label: "Review your subscription", url: vars.subscriptionUrl },
      ],
    }),
    newLogin: ({ loggedInAt, device, browser, ip, loginHistoryUrl }, { serviceName }) => ({
      subject: `[${serviceName}] New login from another device`,
      blocks: [
        { kind: "paragraph", text: `Your ${serviceName} account was just used to log in on a new device.` },
        {
          kind: "facts",
          rows: [
            ["Time", `${dateTime.format(loggedInAt)} (Japan time)`],
            ["Device", device],
            ["Browser", browser],
            ["IP address", ip],
          ],
        },
        { kind: "paragraph", text: "If this was you, there is nothing to do." },
        { kind: "link", label: "Review your login history", url: loginHistoryUrl },
        {
          kind: "note",
          text: "If you do not recognise this login, someone else may have your password. Change it now.",
        },
      ],
    }),
  },
};
