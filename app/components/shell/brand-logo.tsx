import type { StoreSettings } from "../../../schemas/types/store-settings.gen.ts";

/** Where the wide logo replaces the compact one; matches the 768px breakpoint of the styles. */
export const WIDE_LOGO_MEDIA = "(min-width: 768px)";

/**
 * The store logo: logoSp on narrow screens, logoPc from the wide breakpoint (spec §3 images); on
 * English pages logoPcEn when the store has one, whose lettering is English.
 */
export function BrandLogo({
  images,
  serviceName,
  language,
}: {
  images: StoreSettings["images"];
  serviceName: string;
  language: string;
}) {
  const wide = language === "en" && images.logoPcEn ? images.logoPcEn : images.logoPc;
  return (
    <picture className="brand-logo">
      <source media={WIDE_LOGO_MEDIA} srcSet={wide} />
      <img className="brand-logo__image" src={images.logoSp} alt={serviceName} />
    </picture>
  );
}
