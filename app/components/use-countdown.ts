import { useCallback, useEffect, useRef, useState } from "react";

/**
 * Counts whole seconds down from `seconds` to 0 and then calls `onElapsed` once. `restart` starts
 * over (e.g. after a PIN is sent again). Each tick reads what remains from the clock: a tab in the
 * background (the member reading the mail with the code) has its timers slowed, and must still
 * show the true wait when it comes back.
 */
export function useCountdown(
  seconds: number,
  onElapsed?: () => void,
): { remaining: number; restart: () => void } {
  const deadline = useRef(0);
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
    deadline.current ||= Date.now() + remaining * 1000;
    const timer = setTimeout(() => setRemaining(Math.ceil((deadline.current - Date.now()) / 1000)), 1000);
    return () => clearTimeout(timer);
  }, [remaining]);

  const restart = useCallback(() => {
    deadline.current = Date.now() + seconds * 1000;
    setRemaining(seconds);
  }, [seconds]);
  return { remaining, restart };
}
