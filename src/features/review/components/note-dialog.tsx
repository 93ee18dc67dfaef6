import { NOTE_TEXT_MAX } from '#contract/submissions';
import { useState, type KeyboardEvent } from 'react';
import { FormField } from '#components/form/form-field';
import { Button } from '#components/ui/button';
import { Dialog, DialogContent } from '#components/ui/dialog';
import { Textarea } from '#components/ui/textarea';

/** Where the note being written goes: the item and moment, and how the screen names them. */
export type NoteTarget = { item: number | null; at_s: number | null; where: string };

/**
 * "Add a note" at a moment of the video or on a slide (N, or Add note): one line or a few, for
 * the creator; Enter adds it (Shift+Enter a new line; on a touch screen the button adds), Esc
 * cancels. The note is sent with Request changes.
 */
export function NoteDialog({
  target,
  onAdd,
  onCancel,
}: {
  target: NoteTarget | null;
  onAdd: (text: string) => void;
  onCancel: () => void;
}) {
  return (
    <Dialog open={target !== null} onOpenChange={(next) => (next ? undefined : onCancel())}>
      {target ? (
        <DialogContent
          title="Add a note"
          description={`${target.where ? `${target.where}: ` : ''}what to change there. Notes go to the creator with Request changes.`}
        >
          <NoteForm onAdd={onAdd} onCancel={onCancel} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function NoteForm({ onAdd, onCancel }: { onAdd: (text: string) => void; onCancel: () => void }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [withEnter] = useState(() => !(window.matchMedia?.('(pointer: coarse)').matches ?? false));
  const add = () => {
    const note = text.trim();
    if (!note) {
      setError('Write what to change, or cancel.');
      return;
    }
    onAdd(note);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    if (withEnter || event.ctrlKey || event.metaKey) {
      event.preventDefault();
      add();
    }
  };
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        add();
      }}
      className="space-y-4"
    >
      <FormField
        label="Note"
        error={error}
        count={{ length: text.length, max: NOTE_TEXT_MAX }}
        required
      >
        {(control) => (
          <Textarea
            {...control}
            rows={3}
            maxLength={NOTE_TEXT_MAX}
            value={text}
            onChange={(event) => {
              setError(undefined);
              setText(event.target.value);
            }}
            onKeyDown={onKeyDown}
            enterKeyHint={withEnter ? 'done' : 'enter'}
            autoFocus
          />
        )}
      </FormField>
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit">Add note</Button>
      </div>
    </form>
  );
}
