import { useEffect, useState } from 'react';
import { review } from './use-decisions';

/**
 * Whether the item `itemKey` names has been on screen for a moment (`review.lookFirstMs`, while
 * the page is visible): until then the keyboard does not decide it (docs/decisions/0150). The
 * moment starts again for every item shown, also one shown again (K, Undo), and stops while the
 * page is hidden (another tab), since nobody sees it then.
 */
export function useLookFirst(itemKey: string | undefined): boolean {
  const [seen, setSeen] = useState<string | null>(null);
  useEffect(() => {
    if (itemKey === undefined || review.lookFirstMs <= 0) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const start = () => {
      clearTimeout(timer);
      timer = setTimeout(() => setSeen(itemKey), review.lookFirstMs);
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') clearTimeout(timer);
      else start();
    };
    if (document.visibilityState !== 'hidden') start();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [itemKey]);
  return itemKey !== undefined && (review.lookFirstMs <= 0 || seen === itemKey);
}
