import type { ReviewNote } from '#contract/submissions';
import { X } from 'lucide-react';
import { useState } from 'react';
import { Checkbox } from '#components/ui/checkbox';
import { formatNumber } from '#lib/format';
import { whereOf, type DraftNote } from '../media-items';

/**
 * The reviewer's notes on the item shown, in the order of the content: each names its moment or
 * slide (choosing it seeks there) and can be removed. They go to the creator with Request changes.
 */
export function DraftNotes({
  notes,
  slides,
  onChoose,
  onRemove,
}: {
  notes: readonly DraftNote[];
  slides: boolean;
  onChoose: (note: DraftNote) => void;
  onRemove: (note: DraftNote) => void;
}) {
  if (notes.length === 0) return null;
  return (
    <section aria-label="Your notes" className="rounded-md border border-gray-200 p-3 text-sm">
      <h3 className="font-medium text-gray-900">Your notes ({formatNumber(notes.length)})</h3>
      <p className="text-xs text-gray-600">Sent to the creator with Request changes.</p>
      <ul className="mt-2 space-y-1.5">
        {notes.map((note, i) => {
          const where = whereOf(note, slides) || 'Whole submission';
          return (
            <li key={`${where}-${i}`} className="flex items-start gap-2">
              <button
                type="button"
                onClick={() => onChoose(note)}
                aria-label={`Show ${where}`}
                className="shrink-0 rounded bg-amber-100 px-1.5 font-mono text-xs text-amber-950 hover:bg-amber-200"
              >
                {where}
              </button>
              <p className="min-w-0 flex-1 break-words text-gray-800">{note.text}</p>
              <button
                type="button"
                onClick={() => onRemove(note)}
                aria-label={`Remove the note at ${where}`}
                className="shrink-0 rounded p-0.5 text-gray-600 hover:bg-gray-100"
              >
                <X aria-hidden="true" className="size-4" />
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/**
 * What was asked last round (the notes of the version last sent back), as a checklist the
 * reviewer ticks while checking the revision; choosing a moment shows it in the last version.
 * The ticks are the reviewer's own aid, kept on this screen only.
 */
export function LastRoundChecklist({
  notes,
  slides,
  onChoose,
}: {
  notes: readonly ReviewNote[];
  slides: boolean;
  onChoose: (note: ReviewNote) => void;
}) {
  const [done, setDone] = useState<ReadonlySet<number>>(() => new Set());
  if (notes.length === 0) return null;
  return (
    <section
      aria-label="Asked last time"
      className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm"
    >
      <h3 className="font-medium text-amber-950">
        Asked last time: {formatNumber(done.size)} of {formatNumber(notes.length)} checked
      </h3>
      <ul className="mt-2 space-y-1.5">
        {notes.map((note, i) => {
          const where = whereOf(note, slides);
          const id = `last-round-${i}`;
          return (
            <li key={id} className="flex items-start gap-2">
              <Checkbox
                id={id}
                className="mt-0.5"
                checked={done.has(i)}
                onChange={(event) =>
                  setDone((set) => {
                    const next = new Set(set);
                    if (event.target.checked) next.add(i);
                    else next.delete(i);
                    return next;
                  })
                }
              />
              <label htmlFor={id} className="min-w-0 flex-1 break-words text-amber-950">
                {note.text}
              </label>
              {where ? (
                <button
                  type="button"
                  onClick={() => onChoose(note)}
                  aria-label={`Show ${where} in the last version`}
                  className="shrink-0 rounded bg-white px-1.5 font-mono text-xs text-amber-950 ring-1 ring-amber-300 hover:bg-amber-100"
                >
                  {where}
                </button>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
