import { useEffect, useEffectEvent } from 'react';
import { shortcutFor, type QueueCommand } from './shortcuts';

/** True when a key press belongs to a text field (shortcuts must not fire while typing). */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  return ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/** Controls on which Space or an arrow key has a meaning of its own (press, move within). */
const OWN_SPACE = 'button, [role=button], summary, [role=checkbox], [role=switch], [role=tab]';
const OWN_ARROWS = '[role=tab], [role=radio], [role=slider], [role=menuitem], [role=option]';

function keepsItsMeaning(target: EventTarget | null, key: string): boolean {
  if (!(target instanceof Element)) return false;
  if (key === ' ') return target.closest(OWN_SPACE) !== null;
  if (key.startsWith('Arrow')) return target.closest(OWN_ARROWS) !== null;
  return false;
}

/**
 * The review screen's keys (see `SHORTCUTS`), read on the document: never while typing in a
 * field, with Ctrl/Cmd/Alt held, or while a dialog or menu is open (`paused`, or one in the page).
 * A handled key's default is prevented, so Space plays the video instead of scrolling the page,
 * also when the video itself has focus (its own player would otherwise act on it as well).
 */
export function useQueueShortcuts(run: (command: QueueCommand) => void, paused: boolean): void {
  const onKey = useEffectEvent((event: KeyboardEvent) => {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
    if (paused || isTyping(event.target)) return;
    if (document.querySelector('[role=dialog], [role=alertdialog], [role=menu]')) return;
    const shortcut = shortcutFor(event.key);
    if (!shortcut || keepsItsMeaning(event.target, event.key)) return;
    event.preventDefault();
    run(shortcut.command);
  });
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKey(event);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);
}
