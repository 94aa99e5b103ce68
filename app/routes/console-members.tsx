/**
 * /console/members?q=: finding a member, for support, finance and owners — one box that takes an
 * e-mail address or its beginning, a user ID, a customer id, a phone number or a kana name, and a
 * list of who matches with enough to tell them apart. Every search is in the audit trail. Support
 * and owners also lift the login limits a client address ran up, with a reason.
 */
import { useTranslation } from "react-i18next";
import { data, Form, Link, useNavigation } from "react-router";
import { ConsoleField } from "../components/console/console-field.tsx";
import { PageTitle } from "../components/shell/page-title.tsx";
import { fieldMessages, postedFields } from "../lib/console-form.server.ts";
import { formatHistoryDateTime } from "../lib/format.ts";
import { CONSOLE_MEMBERS_SCREEN_DATA } from "../lib/screen-data-shapes.server.ts";
import { callApi, followNext, loadApiData, pageUrl } from "../lib/zapi.server.ts";
import type { Route } from "./+types/console-members";

export async function loader(args: Route.LoaderArgs) {
  const query = pageUrl(args).searchParams.get("q") ?? "";
  return loadApiData(
    args,
    `/zapi/console/members/screen-data?${new URLSearchParams({ q: query })}`,
    undefined,
    CONSOLE_MEMBERS_SCREEN_DATA,
  );
}

/** Support lifts a client address's login limits, with a reason. */
export async function action(args: Route.ActionArgs) {
  const field = await postedFields(args.request);
  const address = field("address");
  const reason = field("reason");
  const result = await callApi(args, "/zapi/console/throttles/lift", { body: { address, reason } });
  if (result.status === 401) followNext(result);
  if (result.ok) {
    const none: Record<string, string> = {};
    return { address, reason: "", lifted: Number(result.answer.lifted ?? 0), errors: none, message: null };
  }
  const errors = fieldMessages(result);
  const message = errors.address || errors.reason ? null : result.message;
  return data({ address, reason, lifted: null, errors, message }, { status: result.status });
}

export default function ConsoleMembers({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const sending = useNavigation().state === "submitting";
  const { query, kind, members, more, mayLiftThrottles } = loaderData;
  return (
    <div className="card console-card console-card--wide">
      <PageTitle name={t("console.members.title")} />
      <p>
        <Link to="/console">{t("console.audit.back")}</Link>
      </p>
      <h1 className="console-card__title">{t("console.members.title")}</h1>
      <p id="member-search-hint">{t("console.members.lead")}</p>
      <Form method="get" className="console-filter" role="search">
        <label className="field">
          <span className="field__label">{t("console.members.query")}</span>
          <input
            type="search"
            name="q"
            defaultValue={query}
            maxLength={254}
            autoComplete="off"
            spellCheck={false}
            aria-describedby="member-search-hint"
          />
        </label>
        <button type="submit" className="btn btn--secondary">
          {t("console.members.search")}
        </button>
      </Form>
      {kind !== null && (
        <p role="status">
          {members.length === 0
            ? t("console.members.none", { kind: t(`console.members.kinds.${kind}`) })
            : t("console.members.found", { count: members.length, kind: t(`console.members.kinds.${kind}`) })}
          {more && ` ${t("console.members.more")}`}
        </p>
      )}
      {members.length > 0 && (
        <div className="table-wrap">
          <table className="table">
            <caption className="visually-hidden">{t("console.members.caption", { query })}</caption>
            <thead>
              <tr>
                <th scope="col">{t("console.members.email")}</th>
                <th scope="col">{t("console.members.name")}</th>
                <th scope="col">{t("console.members.userId")}</th>
                <th scope="col">{t("console.members.customerId")}</th>
                <th scope="col">{t("console.members.since")}</th>
                <th scope="col">{t("console.members.state")}</th>
              </tr>
            </thead>
            <tbody>
              {members.map((member) => (
                <tr key={member.publicId}>
                  <th scope="row">
                    <Link to={`/console/members/${encodeURIComponent(member.publicId)}`}>
                      {member.email ?? member.publicId}
                    </Link>
                  </th>
                  <td>
                    {member.name ?? "-"}
                    {member.kana && <div className="console-members__kana">{member.kana}</div>}
                  </td>
                  <td>{member.userId ?? "-"}</td>
                  <td>
                    <code>{member.publicId}</code>
                  </td>
                  <td>
                    <time dateTime={member.createdAt}>{formatHistoryDateTime(member.createdAt)}</time>
                  </td>
                  <td>
                    {[
                      member.emailVerified ? t("console.members.verified") : t("console.members.unverified"),
                      ...(member.loginProhibited ? [t("console.members.prohibited")] : []),
                    ].join("・")}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {mayLiftThrottles && (
        <section className="console-member__section" aria-labelledby="lift-title">
          <h2 id="lift-title">{t("console.members.liftTitle")}</h2>
          <p>{t("console.members.liftLead")}</p>
          {actionData?.lifted !== null && actionData?.lifted !== undefined && (
            <p className="alert alert--success" role="status">
              {t("console.members.lifted", { address: actionData.address, count: actionData.lifted })}
            </p>
          )}
          {actionData?.message && (
            <p className="alert alert--error" role="alert">
              {actionData.message}
            </p>
          )}
          <Form method="post" className="console-member__action" aria-busy={sending}>
            <ConsoleField
              label={t("console.members.address")}
              error={actionData?.errors.address}
              name="address"
              required
              maxLength={45}
              inputMode="text"
              autoComplete="off"
              spellCheck={false}
              defaultValue={actionData?.lifted === null ? actionData.address : ""}
            />
            <ConsoleField
              label={t("console.members.liftReason")}
              error={actionData?.errors.reason}
              name="reason"
              required
              maxLength={200}
              autoComplete="off"
              defaultValue={actionData?.reason ?? ""}
            />
            <button type="submit" className="btn btn--danger" disabled={sending}>
              {t("console.members.lift")}
            </button>
          </Form>
        </section>
      )}
    </div>
  );
}
