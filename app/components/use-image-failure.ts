import { type RefObject, useEffect, useRef, useState } from "react";

/**
 * Whether an image failed to load, for a component that then draws something else (or nothing). A
 * server-rendered image can fail before hydration, when React was not yet listening for onError: the
 * first effect looks at the image itself.
 */
export function useImageFailure(): {
  imageRef: RefObject<HTMLImageElement | null>;
  failed: boolean;
  onError: () => void;
} {
  const [failed, setFailed] = useState(false);
  const imageRef = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const image = imageRef.current;
    if (image?.complete && image.naturalWidth === 0) setFailed(true);
  }, []);
  return { imageRef, failed, onError: () => setFailed(true) };
}
