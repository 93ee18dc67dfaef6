/** What a key does on the review screen. */
export type QueueCommand =
  | 'playPause'
  | 'seekBack'
  | 'seekForward'
  | 'mute'
  | 'note'
  | 'next'
  | 'previous'
  | 'approve'
  | 'requestChanges'
  | 'undo'
  | 'help';

/** How far the arrow keys move in the video. */
export const SEEK_SECONDS = 5;

export type Shortcut = {
  command: QueueCommand;
  /** `KeyboardEvent.key` values (letters in lower case). */
  keys: readonly string[];
  /** The key as the sheet and the buttons show it. */
  label: string;
  /** The key as `aria-keyshortcuts` names it. */
  aria: string;
  action: string;
  group: 'Media' | 'Queue' | 'Decisions';
  /**
   * Decides the item on screen: ignored while the key is held down (key repeat), and until the
   * item has been on screen for a moment (`review.lookFirstMs`, docs/decisions/0150).
   */
  decides?: true;
};

/**
 * The review screen's keyboard shortcuts: the handler and the `?` sheet both read this table, so
 * the sheet cannot promise a key that does nothing. J/K move (as in mail and feed readers), so
 * the media takes the media player keys that are free: Space, the arrows and M; the arrows step
 * the slides of a carousel instead (docs/decisions/0153), and N notes a moment or a slide.
 */
export const SHORTCUTS: readonly Shortcut[] = [
  {
    command: 'playPause',
    keys: [' '],
    label: 'Space',
    aria: 'Space',
    action: 'Play or pause the video',
    group: 'Media',
  },
  {
    command: 'seekBack',
    keys: ['ArrowLeft'],
    label: '←',
    aria: 'ArrowLeft',
    action: `Back ${SEEK_SECONDS} seconds; the previous slide of a carousel`,
    group: 'Media',
  },
  {
    command: 'seekForward',
    keys: ['ArrowRight'],
    label: '→',
    aria: 'ArrowRight',
    action: `Forward ${SEEK_SECONDS} seconds; the next slide of a carousel`,
    group: 'Media',
  },
  {
    command: 'mute',
    keys: ['m'],
    label: 'M',
    aria: 'M',
    action: 'Mute or unmute',
    group: 'Media',
  },
  {
    command: 'note',
    keys: ['n'],
    label: 'N',
    aria: 'N',
    action: 'Add a note at this moment of the video, or on this slide',
    group: 'Media',
  },
  {
    command: 'next',
    keys: ['j'],
    label: 'J',
    aria: 'J',
    action: 'Next submission',
    group: 'Queue',
  },
  {
    command: 'previous',
    keys: ['k'],
    label: 'K',
    aria: 'K',
    action: 'Previous submission',
    group: 'Queue',
  },
  {
    command: 'help',
    keys: ['?'],
    label: '?',
    aria: 'Shift+?',
    action: 'Show these shortcuts',
    group: 'Queue',
  },
  {
    command: 'approve',
    keys: ['a'],
    label: 'A',
    aria: 'A',
    action: 'Approve',
    group: 'Decisions',
    decides: true,
  },
  {
    command: 'requestChanges',
    keys: ['r'],
    label: 'R',
    aria: 'R',
    action: 'Request changes, with feedback to the creator',
    group: 'Decisions',
    decides: true,
  },
  {
    command: 'undo',
    keys: ['u'],
    label: 'U',
    aria: 'U',
    action: 'Undo the last decision (for a few seconds, until it is sent)',
    group: 'Decisions',
  },
];

const byKey = new Map(SHORTCUTS.flatMap((s) => s.keys.map((key) => [key, s] as const)));

/** The shortcut of a key press (`KeyboardEvent.key`), if it has one. */
export function shortcutFor(key: string): Shortcut | undefined {
  return byKey.get(key.length === 1 ? key.toLowerCase() : key);
}

/** The shortcut of a command (for the labels on buttons). */
export function shortcutOf(command: QueueCommand): Shortcut {
  return SHORTCUTS.find((s) => s.command === command)!;
}
