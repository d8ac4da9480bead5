import { useCallback, useEffect, useState } from 'react';

/** Seconds left until `deadline`, ticking once a second; restart(seconds) sets a new deadline. */
export function useCountdown(initialSeconds: number) {
  const [deadline, setDeadline] = useState(() => Date.now() + initialSeconds * 1000);
  const secondsLeft = () => Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
  const [remaining, setRemaining] = useState(secondsLeft);

  // biome-ignore lint/correctness/useExhaustiveDependencies: secondsLeft only reads `deadline`.
  useEffect(() => {
    setRemaining(secondsLeft());
    const timer = window.setInterval(() => {
      const left = secondsLeft();
      setRemaining(left);
      if (left === 0) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [deadline]);

  const restart = useCallback((seconds: number) => setDeadline(Date.now() + seconds * 1000), []);
  return { remaining, restart };
}
