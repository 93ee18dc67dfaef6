import { useSyncExternalStore } from 'react';

/**
 * Whether a media query holds now, following it as it changes (the device turning dark, a window
 * resized). False where the browser cannot tell (no `matchMedia`).
 */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia?.(query);
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    () => window.matchMedia?.(query).matches ?? false,
    () => false,
  );
}
