import type { ComponentType } from "react";
import { useTranslation } from "react-i18next";
import type { StoreSettings } from "../../../schemas/types/store-settings.gen.ts";
import { FacebookBrandIcon, InstagramBrandIcon, LineBrandIcon, XBrandIcon } from "../icons.tsx";
import { isHttpUrl } from "./footer-links.ts";

type SocialMediaLinks = StoreSettings["footers"]["socialMediaLinks"];

const SOCIAL_SERVICES: ReadonlyArray<{
  field: keyof SocialMediaLinks;
  labelKey: `shell.social.${"twitter" | "facebook" | "instagram" | "line"}`;
  Icon: ComponentType<{ className?: string }>;
}> = [
  { field: "twitterUrl", labelKey: "shell.social.twitter", Icon: XBrandIcon },
  { field: "facebookUrl", labelKey: "shell.social.facebook", Icon: FacebookBrandIcon },
  { field: "instagramUrl", labelKey: "shell.social.instagram", Icon: InstagramBrandIcon },
  { field: "lineUrl", labelKey: "shell.social.line", Icon: LineBrandIcon },
];

/** The store's social accounts as icon links (spec §3 Social links); unset ones are left out. */
export function SocialLinks({ links }: { links: SocialMediaLinks }) {
  const { t } = useTranslation();
  const shown = SOCIAL_SERVICES.flatMap((service) => {
    const href = links[service.field];
    return href && isHttpUrl(href) ? [{ ...service, href }] : [];
  });
  if (shown.length === 0) return null;
  return (
    <ul className="social-links" aria-label={t("shell.footer.social")}>
      {shown.map(({ field, labelKey, Icon, href }) => (
        <li key={field}>
          <a className="social-links__link" href={href} target="_blank" rel="noopener noreferrer">
            <Icon />
            <span className="visually-hidden">
              {t(labelKey)}
              {t("common.opensInNewTab")}
            </span>
          </a>
        </li>
      ))}
    </ul>
  );
}
