import { useId, useState, type KeyboardEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { Label } from '../../../components/ui/label';
import { Textarea } from '../../../components/ui/textarea';
import { BUILT_IN_SNIPPETS, readSavedSnippets, saveSnippet } from '../snippets';

/**
 * The rejection box: feedback for the creator, saved snippets to insert, Enter (or Ctrl+Enter)
 * sends, Shift+Enter makes a new line, Esc cancels; focus returns where it was.
 */
export function FeedbackDialog({
  open,
  creator,
  onSend,
  onCancel,
}: {
  open: boolean;
  creator: string;
  onSend: (feedback: string) => void;
  onCancel: () => void;
}) {
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : onCancel())}>
      {open ? (
        <DialogContent
          title="Reject submission"
          description={`Tell ${creator} what to change. Enter sends; Shift+Enter starts a new line.`}
        >
          <FeedbackForm onSend={onSend} onCancel={onCancel} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function FeedbackForm({
  onSend,
  onCancel,
}: {
  onSend: (feedback: string) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const [saved, setSaved] = useState(readSavedSnippets);
  const snippets = [...BUILT_IN_SNIPPETS, ...saved];
  const canSave = text.trim() !== '' && !snippets.includes(text.trim());

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      onSend(text.trim());
    }
  };

  const insert = (snippet: string) =>
    setText((current) => (current.trim() ? `${current.trimEnd()}\n${snippet}` : snippet));

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSend(text.trim());
      }}
      className="space-y-4"
    >
      <div className="space-y-1.5">
        <Label htmlFor={`${id}-feedback`}>Feedback to the creator</Label>
        <Textarea
          id={`${id}-feedback`}
          rows={5}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          aria-describedby={`${id}-hint`}
          autoFocus
        />
        <p id={`${id}-hint`} className="text-xs text-gray-600">
          Optional. Without feedback the creator gets a generic “changes requested” note.
        </p>
      </div>
      <div role="group" aria-label="Saved snippets" className="flex flex-wrap gap-2">
        {snippets.map((snippet) => (
          <button
            key={snippet}
            type="button"
            onClick={() => insert(snippet)}
            className="rounded-full border border-gray-300 bg-white px-3 py-1 text-left text-xs text-gray-800 hover:bg-gray-50"
          >
            {snippet}
          </button>
        ))}
      </div>
      <div className="flex flex-wrap justify-between gap-2">
        <Button
          variant="ghost"
          size="sm"
          disabled={!canSave}
          onClick={() => setSaved(saveSnippet(text))}
        >
          Save as snippet
        </Button>
        <div className="flex gap-2">
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" variant="danger">
            Send rejection
          </Button>
        </div>
      </div>
    </form>
  );
}
