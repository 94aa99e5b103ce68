import { useCallback, useEffect, useRef, useState } from "react";

/**
 * Counts whole seconds down from `seconds` to 0 and then calls `onElapsed` once. `restart` starts
 * over (e.g. after a PIN is sent again). Ticks are one second apart from the previous render.
 */
export function useCountdown(
  seconds: number,
  onElapsed?: () => void,
): { remaining: number; restart: () => void } {
  const [remaining, setRemaining] = useState(seconds);
  const onElapsedRef = useRef(onElapsed);
  useEffect(() => {
    onElapsedRef.current = onElapsed;
  });

  useEffect(() => {
    if (remaining <= 0) {
      onElapsedRef.current?.();
      return;
    }
    const timer = setTimeout(() => setRemaining((value) => value - 1), 1000);
    return () => clearTimeout(timer);
  }, [remaining]);

  const restart = useCallback(() => setRemaining(seconds), [seconds]);
  return { remaining, restart };
}
