/**
 * Images that give way when they cannot be shown (issue 46, 47): one module, so that the pages
 * that show a client's logo and every page's header avatar share one small chunk.
 */
import { type ImgHTMLAttributes, type ReactNode, useEffect, useRef, useState } from "react";
import { PersonIcon } from "./icons.tsx";

/**
 * An image that gives way when it cannot be shown — a client's logo that is gone, a profile image
 * blocked by the page's img-src — to `fallback` (nothing by default) rather than a broken-image
 * icon. Keyed by `src` where it can change, so a new image gets a fresh chance. A server-rendered
 * image can fail before hydration, when React was not yet listening for onError: the first effect
 * looks at the image itself.
 */
export function OptionalImage({
  fallback = null,
  ...props
}: ImgHTMLAttributes<HTMLImageElement> & { src: string; fallback?: ReactNode }) {
  const [failed, setFailed] = useState(false);
  const imageRef = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const image = imageRef.current;
    if (image?.complete && image.naturalWidth === 0) setFailed(true);
  }, []);
  if (failed) return fallback;
  // biome-ignore lint/a11y/useAltText: the caller gives alt (empty for a decorative image).
  return <img ref={imageRef} {...props} onError={() => setFailed(true)} />;
}

/**
 * The member's profile image, or a default person icon when there is none or it fails to load
 * (spec §2: "A default icon shows if the image fails"). Decorative: the surrounding control names it.
 */
export function Avatar({ src }: { src?: string | null }) {
  const fallback = <PersonIcon className="avatar__fallback" />;
  return (
    <span className="avatar">
      {src ? (
        <OptionalImage key={src} className="avatar__image" src={src} alt="" fallback={fallback} />
      ) : (
        fallback
      )}
    </span>
  );
}
