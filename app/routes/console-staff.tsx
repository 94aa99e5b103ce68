/**
 * /console/staff: owners add staff (their one-time set-up link is shown here once), change roles
 * and remove staff. Plain forms, one per action, that work without the page's script; each answer
 * says what happened or what was refused (the last owner stays, nobody removes themselves).
 */
import { useTranslation } from "react-i18next";
import { data, Form, Link, useNavigation } from "react-router";
import { ConsoleField } from "../components/console/console-field.tsx";
import { PageTitle } from "../components/shell/page-title.tsx";
import { fieldMessages, postedFields } from "../lib/console-form.server.ts";
import { CONSOLE_STAFF_LIST_SCREEN_DATA } from "../lib/screen-data-shapes.server.ts";
import { callApi, followNext, loadApiData } from "../lib/zapi.server.ts";
import type { Route } from "./+types/console-staff";

export async function loader(args: Route.LoaderArgs) {
  return loadApiData(args, "/zapi/console/staff/screen-data", undefined, CONSOLE_STAFF_LIST_SCREEN_DATA);
}

interface StaffActionResult {
  done?: "added" | "changed" | "removed";
  /** The added member's address and set-up link, shown once. */
  added?: { email: string; setupLink: string };
  message?: string | null;
  fields?: Record<string, string>;
  /** The add form's address, kept when it was refused. */
  email?: string;
}

export async function action(args: Route.ActionArgs) {
  const field = await postedFields(args.request);
  const intent = field("intent");
  const staffId = encodeURIComponent(field("staffId"));
  const result =
    intent === "add"
      ? await callApi(args, "/zapi/console/staff", { body: { email: field("email"), role: field("role") } })
      : intent === "role"
        ? await callApi(args, `/zapi/console/staff/${staffId}/role`, { body: { role: field("role") } })
        : await callApi(args, `/zapi/console/staff/${staffId}/remove`, { body: {} });
  if (result.status === 401) followNext(result);
  if (result.ok) {
    if (intent === "add") {
      const setupLink = typeof result.answer.setupLink === "string" ? result.answer.setupLink : "";
      return data<StaffActionResult>({ done: "added", added: { email: field("email"), setupLink } });
    }
    return data<StaffActionResult>({ done: intent === "role" ? "changed" : "removed" });
  }
  return data<StaffActionResult>(
    {
      message: result.message,
      fields: fieldMessages(result),
      ...(intent === "add" && { email: field("email") }),
    },
    { status: result.status },
  );
}

export default function ConsoleStaff({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const sending = useNavigation().state === "submitting";
  const { staff, roles, me } = loaderData;
  const addError = (name: string) => actionData?.fields?.[name];
  const refused = actionData?.message && !addError("email") && !addError("role") ? actionData.message : null;
  const roleName = (role: string) => t(`console.roles.${role}`, { defaultValue: role });
  return (
    <div className="card console-card console-card--wide">
      <PageTitle name={t("console.staff.title")} />
      <p>
        <Link to="/console">{t("console.audit.back")}</Link>
      </p>
      <h1 className="console-card__title">{t("console.staff.title")}</h1>
      <p>{t("console.staff.lead")}</p>
      {actionData?.added && (
        <div className="alert alert--success" role="status">
          <p>{t("console.staff.added", { email: actionData.added.email })}</p>
          <p>
            <code className="console-card__secret">{actionData.added.setupLink}</code>
          </p>
        </div>
      )}
      {actionData?.done === "changed" && (
        <p className="alert alert--success" role="status">
          {t("console.staff.changed")}
        </p>
      )}
      {actionData?.done === "removed" && (
        <p className="alert alert--success" role="status">
          {t("console.staff.removed")}
        </p>
      )}
      {refused && (
        <p className="alert alert--error" role="alert">
          {refused}
        </p>
      )}
      <section aria-labelledby="console-staff-add">
        <h2 id="console-staff-add" className="console-card__step">
          {t("console.staff.addTitle")}
        </h2>
        <Form method="post" className="console-filter" aria-busy={sending}>
          <input type="hidden" name="intent" value="add" />
          <ConsoleField
            label={t("console.staff.email")}
            error={addError("email")}
            type="email"
            name="email"
            required
            maxLength={254}
            defaultValue={actionData?.email ?? ""}
          />
          <label className="field">
            <span className="field__label">{t("console.staff.role")}</span>
            <select name="role" defaultValue="configuration">
              {roles.map((role) => (
                <option key={role} value={role}>
                  {roleName(role)}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className="btn btn--primary" disabled={sending}>
            {t("console.staff.add")}
          </button>
        </Form>
      </section>
      <section aria-labelledby="console-staff-list">
        <h2 id="console-staff-list" className="console-card__step">
          {t("console.staff.listTitle")}
        </h2>
        <div className="table-wrap">
          <table className="table console-audit">
            <thead>
              <tr>
                <th scope="col">{t("console.staff.email")}</th>
                <th scope="col">{t("console.staff.role")}</th>
                <th scope="col">{t("console.staff.status")}</th>
                <th scope="col">
                  <span className="visually-hidden">{t("console.staff.remove")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {staff.map((member) => (
                <tr key={member.id}>
                  <td>
                    {member.email}
                    {member.id === me && t("console.staff.you")}
                  </td>
                  <td>
                    <Form method="post" className="console-inline-form">
                      <input type="hidden" name="intent" value="role" />
                      <input type="hidden" name="staffId" value={member.id} />
                      <select
                        name="role"
                        defaultValue={member.role}
                        aria-label={t("console.staff.roleLabel", { email: member.email })}
                      >
                        {roles.map((role) => (
                          <option key={role} value={role}>
                            {roleName(role)}
                          </option>
                        ))}
                      </select>
                      <button type="submit" className="btn btn--secondary btn--sm" disabled={sending}>
                        {t("console.staff.change")}
                      </button>
                    </Form>
                  </td>
                  <td>{member.setUp ? t("console.staff.setUp") : t("console.staff.pending")}</td>
                  <td>
                    {member.id !== me && (
                      <Form method="post">
                        <input type="hidden" name="intent" value="remove" />
                        <input type="hidden" name="staffId" value={member.id} />
                        <button
                          type="submit"
                          className="btn btn--text"
                          disabled={sending}
                          aria-label={t("console.staff.removeLabel", { email: member.email })}
                        >
                          {t("console.staff.remove")}
                        </button>
                      </Form>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </div>
  );
}
