import type { ImgHTMLAttributes } from "react";
import { useImageFailure } from "./use-image-failure.ts";

/**
 * An image that is left out when it cannot be shown — a client's logo that is gone, or blocked by
 * the page's img-src — rather than a broken-image icon. Keyed by `src` where it can change.
 */
export function OptionalImage(props: ImgHTMLAttributes<HTMLImageElement> & { src: string }) {
  const { imageRef, failed, onError } = useImageFailure();
  if (failed) return null;
  // biome-ignore lint/a11y/useAltText: the caller gives alt (empty for a decorative image).
  return <img ref={imageRef} {...props} onError={onError} />;
}
