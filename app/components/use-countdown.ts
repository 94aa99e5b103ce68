import { useCallback, useEffect, useRef, useState } from "react";

/**
 * Counts whole seconds down from `seconds` to 0 and then calls `onElapsed` once. `restart` starts
 * over (e.g. after a PIN is sent again). What remains is read from the clock at each tick, not
 * counted in ticks: a tab in the background (the member reading the mail with the code) has its
 * timers slowed, and must still show the true wait when it comes back.
 */
export function useCountdown(
  seconds: number,
  onElapsed?: () => void,
): { remaining: number; restart: () => void } {
  const [deadline, setDeadline] = useState(() => Date.now() + seconds * 1000);
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
    // Wakes at the next whole second of what remains.
    const left = deadline - Date.now();
    const timer = setTimeout(
      () => setRemaining(Math.max(0, Math.ceil((deadline - Date.now()) / 1000))),
      Math.max(0, left - (remaining - 1) * 1000),
    );
    return () => clearTimeout(timer);
  }, [remaining, deadline]);

  const restart = useCallback(() => {
    setDeadline(Date.now() + seconds * 1000);
    setRemaining(seconds);
  }, [seconds]);
  return { remaining, restart };
}
