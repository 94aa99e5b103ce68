/** Under the second-factor form: links to the member's other types (spec §2). */

import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { SECOND_FACTOR_SLUGS } from "../../../schemas/multi-factor.ts";
import type { MultiFactorLoginScreenData } from "../../../schemas/types/multi-factor-login-screen-data.gen.ts";

export function MultiFactorOtherTypes({ screenData }: { screenData: MultiFactorLoginScreenData }) {
  const { t } = useTranslation();
  // The query (where the login ends, returnTo) stays with the other types.
  const { search } = useLocation();
  const others = screenData.multiFactorType.filter((type) => type !== screenData.type);
  if (others.length === 0) return null;
  return (
    <nav className="multi-factor-others" aria-labelledby="multi-factor-others-title">
      <h2 id="multi-factor-others-title" className="multi-factor-others__title">
        {t("screens.multiFactor.otherTypes")}
      </h2>
      <ul className="screen__links">
        {others.map((type) => (
          <li key={type}>
            <Link to={`/login/multi-factor/${SECOND_FACTOR_SLUGS[type]}${search}`} replace>
              {t(`screens.multiFactor.useType.${type}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
