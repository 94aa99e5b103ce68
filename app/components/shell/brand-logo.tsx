import type { StoreSettings } from "../../../schemas/types/store-settings.gen.ts";

/** Where the wide logo replaces the compact one; matches the 768px breakpoint of the styles. */
export const WIDE_LOGO_MEDIA = "(min-width: 768px)";

/** The store logo: logoSp on narrow screens, logoPc from the wide breakpoint (spec §3 images). */
export function BrandLogo({ images, serviceName }: { images: StoreSettings["images"]; serviceName: string }) {
  return (
    <picture className="brand-logo">
      <source media={WIDE_LOGO_MEDIA} srcSet={images.logoPc} />
      <img className="brand-logo__image" src={images.logoSp} alt={serviceName} />
    </picture>
  );
}
