import { PersonIcon } from "../icons.tsx";
import { useImageFailure } from "../use-image-failure.ts";

/**
 * The member's profile image, or a default person icon when there is none or it fails to load
 * (spec §2: "A default icon shows if the image fails"). Decorative: the surrounding control names it.
 */
export function Avatar({ src }: { src?: string | null }) {
  return (
    <span className="avatar">
      {/* Keyed by URL so a new image gets a fresh chance after an earlier one failed. */}
      {src ? <AvatarImage key={src} src={src} /> : <PersonIcon className="avatar__fallback" />}
    </span>
  );
}

function AvatarImage({ src }: { src: string }) {
  const { imageRef, failed, onError } = useImageFailure();
  if (failed) return <PersonIcon className="avatar__fallback" />;
  return <img ref={imageRef} className="avatar__image" src={src} alt="" onError={onError} />;
}
