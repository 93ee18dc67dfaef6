import { SubmissionReject } from '#contract/submissions';
import { useState, type KeyboardEvent } from 'react';
import { FormField } from '#components/form/form-field';
import { Button } from '#components/ui/button';
import { Dialog, DialogContent } from '#components/ui/dialog';
import { Textarea } from '#components/ui/textarea';
import { formatNumber } from '#lib/format';
import { BUILT_IN_SNIPPETS, readSavedSnippets, saveSnippet } from '../snippets';

/** The longest feedback the service takes (the contract's rule, not a copy of it). */
export const FEEDBACK_MAX = SubmissionReject.shape.feedback.unwrap().maxLength ?? 10_000;

/**
 * On a touch screen Enter belongs to the text (a new line) and the button sends; with a mouse
 * and keyboard Enter sends, as in chat boxes, and Shift+Enter makes a new line.
 */
function enterSends(): boolean {
  return !(window.matchMedia?.('(pointer: coarse)').matches ?? false);
}

/**
 * The "Request changes" box: feedback for the creator (who can then send a revision), saved
 * snippets to insert, the service's length limit shown as it fills; Ctrl/Cmd+Enter sends, Esc
 * cancels.
 */
export function FeedbackDialog({
  open,
  creator,
  notes = 0,
  onSend,
  onCancel,
}: {
  open: boolean;
  creator: string;
  /** How many of the reviewer's notes (at a moment, on a slide) go with the request. */
  notes?: number;
  onSend: (feedback: string) => void;
  onCancel: () => void;
}) {
  const [withEnter] = useState(enterSends);
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : onCancel())}>
      {open ? (
        <DialogContent
          title="Request changes"
          description={`Tell ${creator} what to change; they can then send a revision. ${
            notes > 0
              ? `Your ${notes === 1 ? 'note goes' : `${formatNumber(notes)} notes go`} with it. `
              : ''
          }${
            withEnter
              ? 'Enter sends; Shift+Enter starts a new line.'
              : 'Send with the Request changes button.'
          }`}
          className="max-h-[calc(100dvh-2rem)] overflow-y-auto"
        >
          <FeedbackForm withEnter={withEnter} onSend={onSend} onCancel={onCancel} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function FeedbackForm({
  withEnter,
  onSend,
  onCancel,
}: {
  withEnter: boolean;
  onSend: (feedback: string) => void;
  onCancel: () => void;
}) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [saved, setSaved] = useState(readSavedSnippets);
  const snippets = [...BUILT_IN_SNIPPETS, ...saved];
  const canSave = text.trim() !== '' && !snippets.includes(text.trim());

  const send = () => {
    const feedback = text.trim();
    // Snippets can push the text past the limit (maxLength stops typing only).
    if (feedback.length > FEEDBACK_MAX) {
      setError(
        `Feedback can be at most ${formatNumber(FEEDBACK_MAX)} characters; shorten it by ${formatNumber(feedback.length - FEEDBACK_MAX)}.`,
      );
      return;
    }
    onSend(feedback);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    if (withEnter || event.ctrlKey || event.metaKey) {
      event.preventDefault();
      send();
    }
  };

  const insert = (snippet: string) => {
    setError(undefined);
    setText((current) => (current.trim() ? `${current.trimEnd()}\n${snippet}` : snippet));
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
      className="space-y-4"
    >
      <FormField
        label="Feedback to the creator"
        description="Optional. Without feedback the creator gets a generic “changes requested” note."
        error={error}
        count={{ length: text.length, max: FEEDBACK_MAX }}
      >
        {(control) => (
          <Textarea
            {...control}
            rows={5}
            maxLength={FEEDBACK_MAX}
            value={text}
            onChange={(event) => {
              setError(undefined);
              setText(event.target.value);
            }}
            onKeyDown={onKeyDown}
            enterKeyHint={withEnter ? 'send' : 'enter'}
            autoFocus
          />
        )}
      </FormField>
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
          <Button type="submit">Request changes</Button>
        </div>
      </div>
    </form>
  );
}
