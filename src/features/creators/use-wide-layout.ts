import { useSyncExternalStore } from 'react';

/** Tables from this width on; cards below it (a phone, or a narrow window beside the nav). */
const WIDE = '(min-width: 1024px)';

const query = () => (typeof window.matchMedia === 'function' ? window.matchMedia(WIDE) : null);

function subscribe(onChange: () => void) {
  const list = query();
  list?.addEventListener('change', onChange);
  return () => list?.removeEventListener('change', onChange);
}

/** True when the window is wide enough for the creators' tables (true where it cannot tell). */
export function useWideLayout(): boolean {
  return useSyncExternalStore(subscribe, () => query()?.matches ?? true);
}
