import { useEffect, useState } from 'react';

/**
 * `flag`, but turning true only after it has stayed true for `delayMs`: a placeholder for a slow
 * answer shows, a fast answer never flashes one. Turns false at once.
 */
export function useDelayedFlag(flag: boolean, delayMs: number): boolean {
  const [late, setLate] = useState(false);
  useEffect(() => {
    if (!flag) return;
    const timer = setTimeout(() => setLate(true), delayMs);
    return () => {
      clearTimeout(timer);
      setLate(false);
    };
  }, [flag, delayMs]);
  return flag && late;
}
