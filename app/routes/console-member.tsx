/**
 * /console/members/:publicId?reason=: a member's page for support, finance and owners. It opens
 * only with a reason (the audit trail keeps it with who looked); then it shows who the member is,
 * how they sign in (never a secret), their open sessions, latest logins, contracts and charges;
 * support and owners may log the member out everywhere or remove their second factors, finance and
 * owners may refund a payment (each with a reason of its own, recorded, and a mail to the member).
 */
import { useTranslation } from "react-i18next";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { ConsoleMemberScreenData } from "../../schemas/types/console-member-screen-data.gen.ts";
import { yen } from "../../schemas/yen.ts";
import { ConsoleField } from "../components/console/console-field.tsx";
import { PageTitle } from "../components/shell/page-title.tsx";
import { fieldMessages, postedFields } from "../lib/console-form.server.ts";
import { formatHistoryDateTime, formatPrice } from "../lib/format.ts";
import { CONSOLE_MEMBER_SCREEN_DATA } from "../lib/screen-data-shapes.server.ts";
import { callApi, followNext, loadApiData, pageUrl } from "../lib/zapi.server.ts";
import type { Route } from "./+types/console-member";

/** The longest reason the API keeps (server/console/member-routes.ts). */
const MAX_REASON_LENGTH = 200;

export async function loader(args: Route.LoaderArgs) {
  const reason = pageUrl(args).searchParams.get("reason")?.trim() ?? "";
  const { publicId } = args.params;
  const asked = pageUrl(args).searchParams.get("done");
  const done = DONE.find((known) => known === asked) ?? null;
  if (!reason) return { publicId, member: null, done: null, formKey: null };
  const member = await loadApiData(
    args,
    `/zapi/console/members/${encodeURIComponent(publicId)}/screen-data?${new URLSearchParams({ reason })}`,
    undefined,
    CONSOLE_MEMBER_SCREEN_DATA,
  );
  // Made with each showing of the page: it keys the forms, so what was typed for the last action
  // goes, and it is the refund's idempotency key, so the form sent twice is one refund.
  const formKey = crypto.randomUUID();
  return { publicId, member, done, formKey };
}

/** Each support action: its API call and what the page says once it is done. */
const ACTIONS = {
  endSessions: { path: "end-sessions", done: "sessionsEnded" },
  removeSecondFactors: { path: "remove-second-factors", done: "secondFactorsRemoved" },
  resendVerification: { path: "resend-verification", done: "verificationResent" },
  liftThrottles: { path: "lift-throttles", done: "throttlesLifted" },
} as const;
type MemberAction = keyof typeof ACTIONS;

/** What the page may say was done (`?done=`). */
const DONE = [
  ...Object.values(ACTIONS).map((known) => known.done),
  "refunded",
  "subscriptionCancelled",
  "freeDaysGiven",
] as const;

function isMemberAction(value: string): value is MemberAction {
  return Object.hasOwn(ACTIONS, value);
}

/** Back to the page, saying what was done. */
function doneRedirect(args: Route.ActionArgs, done: (typeof DONE)[number]): never {
  const page = pageUrl(args);
  page.searchParams.set("done", done);
  throw redirect(`${page.pathname}?${page.searchParams}`);
}

/**
 * Sends an action to the API: done, back to the page saying so; refused, the API's answer and the
 * first message of each field, for the form to show beside what was typed.
 */
async function send(
  args: Route.ActionArgs,
  path: string,
  body: Record<string, unknown>,
  done: (typeof DONE)[number],
) {
  const result = await callApi(
    args,
    `/zapi/console/members/${encodeURIComponent(args.params.publicId)}/${path}`,
    {
      body,
    },
  );
  if (result.status === 401) followNext(result);
  if (result.ok) doneRedirect(args, done);
  return { result, errors: fieldMessages(result) };
}

/** A whole number as typed, else the text as it is, for the API to refuse with its message. */
const wholeNumber = (text: string) => (/^[0-9]{1,9}$/.test(text) ? Number(text) : text);

export async function action(args: Route.ActionArgs) {
  const field = await postedFields(args.request);
  const intent = field("intent");
  const reason = field("actionReason");
  const contractId = encodeURIComponent(field("contractId"));
  if (intent === "refund") {
    const amount = field("amount");
    const { result, errors } = await send(
      args,
      "refunds",
      {
        chargeId: field("chargeId"),
        amount: wholeNumber(amount),
        reason,
        idempotencyKey: field("idempotencyKey"),
      },
      "refunded",
    );
    return data(
      {
        intent: "refund" as const,
        message: errors.amount || errors.reason ? null : result.message,
        error: errors.reason,
        amountError: errors.amount,
        reason,
        amount,
        chargeId: field("chargeId"),
      },
      { status: result.status },
    );
  }
  if (intent === "freeDays") {
    const days = field("days");
    const { result, errors } = await send(
      args,
      `subscriptions/${contractId}/free-days`,
      { days: wholeNumber(days), reason },
      "freeDaysGiven",
    );
    return data(
      {
        intent: "freeDays" as const,
        contractId: field("contractId"),
        message: errors.reason || errors.days ? null : result.message,
        error: errors.reason,
        daysError: errors.days,
        days,
        reason,
      },
      { status: result.status },
    );
  }
  if (intent === "cancelSubscription") {
    const { result, errors } = await send(
      args,
      `subscriptions/${contractId}/cancel`,
      { when: field("when") === "now" ? "now" : "periodEnd", refund: field("refund") === "on", reason },
      "subscriptionCancelled",
    );
    return data(
      {
        intent: "cancelSubscription" as const,
        contractId: field("contractId"),
        message: errors.reason ? null : result.message,
        error: errors.reason,
        reason,
      },
      { status: result.status },
    );
  }
  if (!isMemberAction(intent)) throw data(null, { status: 400 });
  const { result, errors } = await send(args, ACTIONS[intent].path, { reason }, ACTIONS[intent].done);
  return data({ intent, message: result.message, error: errors.reason, reason }, { status: result.status });
}

type ActionData = Route.ComponentProps["actionData"];

/** Every action's reason, which the audit trail keeps with it. */
function ReasonField({
  hint,
  error,
  typed,
}: {
  hint?: string;
  error?: string | undefined;
  typed?: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <ConsoleField
      label={t("console.member.actionReason")}
      hint={hint}
      error={error}
      name="actionReason"
      required
      maxLength={MAX_REASON_LENGTH}
      defaultValue={typed ?? ""}
      autoComplete="off"
    />
  );
}
type MemberContract = ConsoleMemberScreenData["contracts"][number];

/** Support: move a running subscription's next payment later by whole days. */
function FreeDaysForm({
  contract,
  actionData,
  sending,
}: {
  contract: MemberContract;
  actionData: ActionData;
  sending: boolean;
}) {
  const { t } = useTranslation();
  const asked =
    actionData?.intent === "freeDays" &&
    "daysError" in actionData &&
    actionData.contractId === contract.contractId
      ? actionData
      : null;
  return (
    <Form method="post" className="console-member__action" aria-busy={sending}>
      <input type="hidden" name="intent" value="freeDays" />
      <input type="hidden" name="contractId" value={contract.contractId} />
      {asked?.message && (
        <p className="alert alert--error" role="alert">
          {asked.message}
        </p>
      )}
      <ConsoleField
        label={t("console.member.freeDays.days")}
        hint={t("console.member.freeDays.hint")}
        error={asked?.daysError}
        name="days"
        type="number"
        inputMode="numeric"
        min={1}
        max={90}
        step={1}
        required
        defaultValue={asked?.days ?? ""}
      />
      <ReasonField error={asked?.error} typed={asked?.reason} />
      <button type="submit" className="btn btn--secondary" disabled={sending}>
        {t("console.member.freeDays.submit")}
      </button>
    </Form>
  );
}

/** Support: end a running subscription at its period's end or at once, the refund shown first. */
function CancelForm({
  contract,
  mayRefund,
  actionData,
  sending,
}: {
  contract: MemberContract & { cancelTerms: NonNullable<MemberContract["cancelTerms"]> };
  mayRefund: boolean;
  actionData: ActionData;
  sending: boolean;
}) {
  const { t } = useTranslation();
  const terms = contract.cancelTerms;
  const asked =
    actionData?.intent === "cancelSubscription" && actionData.contractId === contract.contractId
      ? actionData
      : null;
  return (
    <Form method="post" className="console-member__action" aria-busy={sending}>
      <input type="hidden" name="intent" value="cancelSubscription" />
      <input type="hidden" name="contractId" value={contract.contractId} />
      <fieldset className="console-member__choices">
        <legend>{t("console.member.cancel.legend", { plan: contract.planName })}</legend>
        {asked?.message && (
          <p className="alert alert--error" role="alert">
            {asked.message}
          </p>
        )}
        {terms.atPeriodEnd && (
          <label>
            <input type="radio" name="when" value="periodEnd" defaultChecked required />{" "}
            {t("console.member.cancel.periodEnd", { day: terms.periodEndDay })}
          </label>
        )}
        <label>
          <input type="radio" name="when" value="now" defaultChecked={!terms.atPeriodEnd} required />{" "}
          {t("console.member.cancel.now")}
        </label>
        {mayRefund &&
          (terms.proratedRefund > 0 ? (
            <label>
              <input type="checkbox" name="refund" />{" "}
              {t("console.member.cancel.refund", {
                unused: terms.unusedDays,
                days: terms.periodDays,
                amount: yen(terms.proratedRefund),
              })}
            </label>
          ) : (
            <p>{t("console.member.cancel.noRefund")}</p>
          ))}
      </fieldset>
      <ReasonField hint={t("console.member.cancel.hint")} error={asked?.error} typed={asked?.reason} />
      <button type="submit" className="btn btn--danger" disabled={sending}>
        {t("console.member.cancel.submit")}
      </button>
    </Form>
  );
}

/** Finance and owners: give back all or part of a taken payment, with a reason. */
function RefundForm({
  member,
  formKey,
  actionData,
  sending,
}: {
  member: ConsoleMemberScreenData;
  formKey: string;
  actionData: ActionData;
  sending: boolean;
}) {
  const { t } = useTranslation();
  const refundable = member.charges.filter((charge) => charge.left > 0);
  const asked = actionData?.intent === "refund" ? actionData : null;
  return (
    <section className="console-member__section" aria-labelledby="refund-title">
      <h2 id="refund-title">{t("console.member.refund.title")}</h2>
      <p>{t("console.member.refund.lead")}</p>
      {refundable.length === 0 ? (
        <p>{t("console.member.refund.nothing")}</p>
      ) : (
        <Form key={formKey} method="post" className="console-member__action" aria-busy={sending}>
          {asked?.message && (
            <p className="alert alert--error" role="alert">
              {asked.message}
            </p>
          )}
          <input type="hidden" name="intent" value="refund" />
          <input type="hidden" name="idempotencyKey" value={formKey} />
          <label className="field">
            <span className="field__label">{t("console.member.refund.charge")}</span>
            <select name="chargeId" defaultValue={asked?.chargeId ?? refundable[0]?.chargeId} required>
              {refundable.map((charge) => (
                <option key={charge.chargeId} value={charge.chargeId}>
                  {t("console.member.refund.option", {
                    at: formatHistoryDateTime(charge.at),
                    plan: charge.planName,
                    left: yen(charge.left),
                  })}
                </option>
              ))}
            </select>
          </label>
          <ConsoleField
            label={t("console.member.refund.amount")}
            hint={t("console.member.refund.amountHint")}
            error={asked?.amountError}
            name="amount"
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            required
            defaultValue={asked?.amount ?? ""}
            autoComplete="off"
          />
          <ReasonField error={asked?.error} typed={asked?.reason} />
          <button type="submit" className="btn btn--danger" disabled={sending}>
            {t("console.member.refund.submit")}
          </button>
        </Form>
      )}
    </section>
  );
}

function Time({ value }: { value: string | null }) {
  return value ? <time dateTime={value}>{formatHistoryDateTime(value)}</time> : <>-</>;
}

function Table({ caption, heads, rows }: { caption: string; heads: string[]; rows: React.ReactNode[][] }) {
  const { t } = useTranslation();
  return (
    <section className="console-member__section">
      <h2>{caption}</h2>
      {rows.length === 0 ? (
        <p>{t("console.member.none")}</p>
      ) : (
        <div className="table-wrap">
          <table className="table">
            <caption className="visually-hidden">{caption}</caption>
            <thead>
              <tr>
                {heads.map((head) => (
                  <th key={head} scope="col">
                    {head}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((cells, index) => (
                // Rows in a fixed order, never reordered: their position is their identity.
                <tr key={index}>
                  {cells.map((cell, column) => (
                    <td key={column}>{cell}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

export default function ConsoleMember({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { publicId, member, done, formKey } = loaderData;
  const sending = useNavigation().state === "submitting";
  const title = t("console.member.title");
  if (!member) {
    return (
      <div className="card console-card">
        <PageTitle name={title} />
        <p>
          <Link to="/console/members">{t("console.member.back")}</Link>
        </p>
        <h1 className="console-card__title">{title}</h1>
        <p id="member-reason-hint">{t("console.member.reasonLead", { publicId })}</p>
        <Form method="get" className="console-filter">
          <label className="field">
            <span className="field__label">{t("console.member.reason")}</span>
            <input
              type="text"
              name="reason"
              required
              maxLength={MAX_REASON_LENGTH}
              autoComplete="off"
              aria-describedby="member-reason-hint"
            />
          </label>
          <button type="submit" className="btn btn--primary">
            {t("console.member.open")}
          </button>
        </Form>
      </div>
    );
  }
  const { profile, signIn } = member;
  const rows: [string, React.ReactNode][] = [
    [t("console.member.email"), profile.email ?? "-"],
    [t("console.member.contactEmail"), profile.contactEmail ?? "-"],
    [t("console.member.emailVerifiedAt"), <Time key="verified" value={profile.emailVerifiedAt} />],
    [t("console.members.userId"), profile.userId ?? "-"],
    [t("console.members.customerId"), <code key="id">{member.publicId}</code>],
    [t("console.members.name"), [profile.name, profile.kana].filter(Boolean).join(" / ") || "-"],
    [t("console.member.nickname"), profile.nickname ?? "-"],
    [t("console.member.phoneNumber"), profile.phoneNumber ?? "-"],
    [t("console.member.birthday"), profile.birthday ?? "-"],
    [t("console.member.address"), profile.address ?? "-"],
    [t("console.members.since"), <Time key="since" value={profile.createdAt} />],
    [t("console.member.loginProhibitedAt"), <Time key="prohibited" value={profile.loginProhibitedAt} />],
    [t("console.member.passwordSetAt"), <Time key="password" value={signIn.passwordSetAt} />],
    [
      t("console.member.secondFactors"),
      signIn.secondFactors.map((factor) => factor.type).join("、") || t("console.member.noneSet"),
    ],
    [
      t("console.member.linkedProviders"),
      signIn.linkedProviders.map((provider) => provider.type).join("、") || t("console.member.noneSet"),
    ],
    [
      t("console.member.passkeys"),
      signIn.passkeys.map((passkey) => passkey.name).join("、") || t("console.member.noneSet"),
    ],
  ];
  return (
    <div className="card console-card console-card--wide">
      <PageTitle name={title} />
      <p>
        <Link to="/console/members">{t("console.member.back")}</Link>
      </p>
      <h1 className="console-card__title">{profile.name ?? profile.email ?? member.publicId}</h1>
      {done && (
        <p className="alert alert--success" role="status">
          {t(`console.member.done.${done}`)}
        </p>
      )}
      {member.actions.length > 0 && (
        <section className="console-member__section">
          <h2>{t("console.member.actions")}</h2>
          {member.actions.filter(isMemberAction).map((name) => (
            <Form
              key={`${name}-${formKey}`}
              method="post"
              className="console-member__action"
              aria-busy={sending}
            >
              <input type="hidden" name="intent" value={name} />
              <ReasonField
                hint={t(`console.member.hints.${name}`)}
                error={
                  actionData?.intent === name
                    ? (actionData.error ?? actionData.message ?? undefined)
                    : undefined
                }
                typed={actionData?.intent === name ? actionData.reason : undefined}
              />
              <button type="submit" className="btn btn--danger" disabled={sending}>
                {t(`console.member.do.${name}`)}
              </button>
            </Form>
          ))}
        </section>
      )}
      {member.mayRefund && formKey && (
        <RefundForm member={member} formKey={formKey} actionData={actionData} sending={sending} />
      )}
      <section className="console-member__section">
        <h2>{t("console.member.profile")}</h2>
        <dl className="console-member__facts">
          {rows.map(([term, value]) => (
            <div key={term}>
              <dt>{term}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <Table
        caption={t("console.member.sessions")}
        heads={[
          t("console.member.since"),
          t("console.member.lastSeen"),
          t("console.audit.ip"),
          t("console.member.browser"),
        ]}
        rows={member.sessions.map((session) => [
          <Time key="created" value={session.createdAt} />,
          <Time key="seen" value={session.lastSeenAt} />,
          session.ip ?? "-",
          session.userAgent ?? "-",
        ])}
      />
      <Table
        caption={t("console.member.logins")}
        heads={[
          t("console.audit.at"),
          t("console.member.result"),
          t("console.member.method"),
          t("console.audit.ip"),
        ]}
        rows={member.logins.map((login) => [
          <Time key="at" value={login.at} />,
          login.result
            ? t("console.member.succeeded")
            : `${t("console.member.failed")}${login.failureReason ? ` (${login.failureReason})` : ""}`,
          login.method,
          [login.ip, login.country].filter(Boolean).join(" ") || "-",
        ])}
      />
      <Table
        caption={t("console.member.contracts")}
        heads={[
          t("console.member.plan"),
          t("console.member.status"),
          t("console.member.since"),
          t("console.member.nextSettlement"),
        ]}
        rows={member.contracts.map((contract) => [
          contract.planName,
          contract.statusGroup
            ? t(`console.member.statusGroups.${contract.statusGroup}`)
            : t(`console.member.planTypes.${contract.planType}`, { defaultValue: contract.planType }),
          <Time key="since" value={contract.createdAt} />,
          contract.nextSettlementDay ?? "-",
        ])}
      />
      {member.actions.includes("cancelSubscriptions") &&
        member.contracts.map(
          (contract) =>
            contract.cancelTerms && (
              <div key={`${contract.contractId}-${formKey}`}>
                <CancelForm
                  contract={{ ...contract, cancelTerms: contract.cancelTerms }}
                  mayRefund={member.mayRefund}
                  actionData={actionData}
                  sending={sending}
                />
                <FreeDaysForm contract={contract} actionData={actionData} sending={sending} />
              </div>
            ),
        )}
      <Table
        caption={t("console.member.charges")}
        heads={[
          t("console.audit.at"),
          t("console.member.plan"),
          t("console.member.amount"),
          t("console.member.status"),
          t("console.member.refund.column"),
        ]}
        rows={member.charges.map((charge) => [
          <Time key="at" value={charge.at} />,
          charge.planName,
          formatPrice(charge.amount, t),
          t(`console.member.chargeStatus.${charge.status}`, { defaultValue: charge.status }),
          charge.refunds.length === 0
            ? "-"
            : charge.refunds.map((refund) => (
                <span key={refund.refundId} className="console-member__refund">
                  {t("console.member.refund.line", {
                    amount: yen(refund.amount),
                    status: t(`console.member.refund.status.${refund.status}`),
                  })}
                  {refund.returnInvoiceNumber && <> ({refund.returnInvoiceNumber})</>}
                </span>
              )),
        ])}
      />
      <Table
        caption={t("console.member.paymentMethods")}
        heads={[
          t("console.member.method"),
          t("console.member.usedByContract"),
          t("console.member.removedAt"),
        ]}
        rows={member.paymentMethods.map((method) => [
          method.label,
          method.usedByContract ? t("console.member.yes") : t("console.member.no"),
          <Time key="removed" value={method.deletedAt} />,
        ])}
      />
      <Table
        caption={t("console.member.invoices")}
        heads={[t("console.member.invoiceNumber"), t("console.member.issuedAt"), t("console.member.amount")]}
        rows={member.invoices.map((invoice) => [
          `${invoice.invoiceNumber} ${
            invoice.copyNumber === 0
              ? t("console.member.firstIssue")
              : t("console.member.reissue", { copy: invoice.copyNumber })
          }`,
          <Time key="issued" value={invoice.issuedAt} />,
          formatPrice(invoice.amount, t),
        ])}
      />
      <Table
        caption={t("console.member.consents")}
        heads={[t("console.member.policy"), t("console.member.revision"), t("console.member.consentedAt")]}
        rows={member.consents.map((consent) => [
          consent.policyId,
          String(consent.revision),
          <Time key="at" value={consent.consentedAt} />,
        ])}
      />
      <Table
        caption={t("console.member.consentChoices")}
        heads={[t("console.member.option"), t("console.member.value"), t("console.audit.at")]}
        rows={member.consentChoices.map((choice) => [
          choice.consentOptionId,
          choice.value ? t("console.member.on") : t("console.member.off"),
          <Time key="at" value={choice.changedAt} />,
        ])}
      />
      <Table
        caption={t("console.member.connectedApps")}
        heads={[t("console.member.client"), t("console.member.connectedAt"), t("console.member.scopes")]}
        rows={member.connectedApps.map((app) => [
          app.clientId,
          <Time key="at" value={app.connectedAt} />,
          app.scopes.join(" "),
        ])}
      />
      <Table
        caption={t("console.member.securityRecord")}
        heads={[
          t("console.audit.at"),
          t("console.member.what"),
          t("console.member.by"),
          t("console.audit.ip"),
        ]}
        rows={member.securityRecord.map((event) => [
          <Time key="at" value={event.at} />,
          t(`console.member.events.${event.kind}`),
          event.bySupport ? t("console.member.bySupport") : t("console.member.byMember"),
          event.ip ?? "-",
        ])}
      />
      <Table
        caption={t("console.member.mails")}
        heads={[t("console.member.sentAt"), t("console.member.to"), t("console.member.subject")]}
        rows={member.mails.map((mail) => [<Time key="at" value={mail.sentAt} />, mail.to, mail.subject])}
      />
    </div>
  );
}
