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

/** How a key press reached a command: the element it was pressed on, and whether it repeats. */
export type KeyPress = { target: EventTarget | null; repeat: boolean };

/**
 * The review screen's keys (see `SHORTCUTS`), read on the document: never while typing in a
 * field, with Ctrl/Cmd/Alt held, or while a dialog or menu is open (`paused`, or one in the page).
 * A handled key's default is prevented, so Space plays the video instead of scrolling the page.
 * When the player itself has focus, the browser's player acts on the same key too (Chromium
 * toggles on the key's release): the release (and `keypress`) of a key handled here is prevented
 * as well, so Space toggles once (docs/decisions/0151). A held key's repeats of a deciding key
 * never reach `run`.
 */
export function useQueueShortcuts(
  run: (command: QueueCommand, press: KeyPress) => void,
  paused: boolean,
): void {
  const onKey = useEffectEvent((event: KeyboardEvent, handled: Set<string>) => {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
    if (paused || isTyping(event.target)) return;
    if (document.querySelector('[role=dialog], [role=alertdialog], [role=menu]')) return;
    const shortcut = shortcutFor(event.key);
    if (!shortcut || keepsItsMeaning(event.target, event.key)) return;
    event.preventDefault();
    handled.add(event.key);
    if (event.repeat && shortcut.decides) return;
    run(shortcut.command, { target: event.target, repeat: event.repeat });
  });
  useEffect(() => {
    // Keys whose press was handled here, until they are released.
    const handled = new Set<string>();
    const down = (event: KeyboardEvent) => onKey(event, handled);
    const swallow = (event: KeyboardEvent) => {
      if (handled.has(event.key)) event.preventDefault();
    };
    const up = (event: KeyboardEvent) => {
      swallow(event);
      handled.delete(event.key);
    };
    document.addEventListener('keydown', down);
    document.addEventListener('keypress', swallow);
    document.addEventListener('keyup', up);
    return () => {
      document.removeEventListener('keydown', down);
      document.removeEventListener('keypress', swallow);
      document.removeEventListener('keyup', up);
    };
  }, []);
}
