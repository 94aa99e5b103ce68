import { useTranslation } from "react-i18next";
import type { ConsoleConfigChange } from "../../../schemas/types/console-config-change.gen.ts";

/** What differs between two versions of a configuration, one row per field. */
export function ChangeList({
  changes,
  caption,
}: {
  changes: readonly ConsoleConfigChange[];
  caption: string;
}) {
  const { t } = useTranslation();
  const shown = (value: string | null) =>
    value === null ? <span className="console-changes__absent">{t("console.settings.absent")}</span> : value;
  return (
    <div className="table-wrap">
      <table className="table console-changes">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t("console.settings.path")}</th>
            <th scope="col">{t("console.settings.before")}</th>
            <th scope="col">{t("console.settings.after")}</th>
          </tr>
        </thead>
        <tbody>
          {changes.map((change) => (
            <tr key={change.path}>
              <th scope="row">
                <code>{change.path}</code>
              </th>
              <td>{shown(change.before)}</td>
              <td>{shown(change.after)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
