import type { CodeGroup, CodesAdd } from '#contract/codes';
import { useId, useRef, useState } from 'react';
import { Alert } from '#components/ui/alert';
import { Button } from '#components/ui/button';
import { Dialog, DialogContent } from '#components/ui/dialog';
import { Input } from '#components/ui/input';
import { Label } from '#components/ui/label';
import { describeError, isApiError } from '#lib/api-client';
import { formatNumber } from '#lib/format';
import { notify } from '#lib/notify';
import { useAddCodes } from '../api/codes';
import { problemsNamedIn, readCodesText } from '../codes-text';
import { CsvFileField, PastedLines } from './csv-input';

/** Adds codes to a group, pasted or from a CSV file; nothing is added if one exists already. */
export function AddCodesDialog({
  brandId,
  group,
  open,
  onOpenChange,
}: {
  brandId: string;
  group: CodeGroup;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const id = useId();
  const add = useAddCodes(brandId);
  const [text, setText] = useState('');
  const [description, setDescription] = useState('');
  const [touched, setTouched] = useState(false);
  // One request per intent: a double click submits twice before the button shows it is busy
  // (the mutation's state reaches React a moment later), and the second request would be refused
  // as a repeat of the first and its refusal shown instead of the success.
  const sending = useRef(false);
  // One Idempotency-Key per list sent: trying the same list again (after a lost answer) replays
  // the first answer; another list is another intent with a key of its own.
  const intent = useRef<{ body: string; key: string } | null>(null);
  const keyFor = (body: CodesAdd) => {
    const text = JSON.stringify(body);
    if (intent.current?.body !== text) intent.current = { body: text, key: crypto.randomUUID() };
    return intent.current.key;
  };
  const read = readCodesText(text);
  const invalid = read.problems.length > 0 || read.codes.length === 0;
  // The text is what was sent until it changes (a change clears the refusal): its lines are the
  // ones the refusal's issues name.
  const refusedLines = isApiError(add.error) ? problemsNamedIn(add.error.issues, read) : [];
  const changeText = (next: string) => {
    setText(next);
    if (add.isError) add.reset();
  };

  const close = (next: boolean) => {
    if (add.isPending) return;
    if (!next) {
      setText('');
      setDescription('');
      setTouched(false);
      intent.current = null;
      add.reset();
    }
    onOpenChange(next);
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent
        title={`Add codes to ${group.name}`}
        description="Paste codes, one per line, or choose a CSV file whose header line has a “code” column. Codes use A-Z, 0-9, - and _ (up to 64), and are kept in capitals: “summer10” is added as “SUMMER10”. Lines that are not one code are listed by number and nothing is sent until they are fixed."
        className="max-w-xl"
      >
        <form
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            if (sending.current) return;
            setTouched(true);
            if (invalid) return;
            sending.current = true;
            const body: CodesAdd = {
              group_id: group.id,
              codes: read.codes,
              ...(description.trim() ? { user_description: description.trim() } : {}),
            };
            add.mutate(
              { body, idempotencyKey: keyFor(body) },
              {
                onSuccess: ({ data }) => {
                  notify.success(
                    `Added ${formatNumber(data.length)} ${data.length === 1 ? 'code' : 'codes'}`,
                    group.name,
                  );
                  close(false);
                },
                onSettled: () => {
                  sending.current = false;
                },
              },
            );
          }}
        >
          <CsvFileField
            id={`${id}-file`}
            label="CSV file (optional)"
            onRead={(content) => {
              changeText(content);
              setTouched(true);
            }}
          />
          <div className="space-y-1">
            <Label htmlFor={`${id}-codes`}>Codes</Label>
            <PastedLines
              id={`${id}-codes`}
              value={text}
              aria-invalid={touched && invalid ? true : undefined}
              aria-describedby={`${id}-codes-hint${touched && read.problems.length > 0 ? ` ${id}-problems` : ''}`}
              onChange={(e) => changeText(e.target.value)}
              onBlur={() => setTouched(text.trim() !== '')}
            />
            <p id={`${id}-codes-hint`} className="text-xs text-gray-600" aria-live="polite">
              {text.trim() === '' ? 'One code per line.' : read.reading}{' '}
              {formatNumber(read.codes.length)} {read.codes.length === 1 ? 'code' : 'codes'}
              {read.problems.length > 0
                ? `, ${formatNumber(read.problems.length)} ${read.problems.length === 1 ? 'line' : 'lines'} to fix`
                : ''}
              {read.repeated.length > 0
                ? `; given twice and added once: ${read.repeated.slice(0, 5).join(', ')}`
                : ''}
              .
            </p>
          </div>
          <div className="space-y-1">
            <Label htmlFor={`${id}-description`}>Offer to the end user (optional)</Label>
            <Input
              id={`${id}-description`}
              value={description}
              maxLength={1000}
              placeholder={group.user_description}
              aria-describedby={`${id}-description-hint`}
              onChange={(e) => setDescription(e.target.value)}
            />
            <p id={`${id}-description-hint`} className="text-xs text-gray-600">
              Leave empty to use the group’s: {group.user_description}
            </p>
          </div>
          {touched && read.problems.length > 0 ? (
            <Alert tone="error" title="Fix these lines first: nothing was sent">
              <ul id={`${id}-problems`} className="list-disc pl-5 break-words">
                {read.problems.slice(0, 10).map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
              {read.problems.length > 10 ? (
                <p>and {formatNumber(read.problems.length - 10)} more.</p>
              ) : null}
            </Alert>
          ) : null}
          {touched && read.codes.length === 0 && read.problems.length === 0 ? (
            <Alert tone="error" title="No codes given">
              Paste at least one code or choose a file.
            </Alert>
          ) : null}
          {add.isError && refusedLines.length > 0 ? (
            <Alert
              tone="error"
              title={
                isApiError(add.error) && add.error.code === 'code_exists'
                  ? 'Some codes exist already: nothing was added'
                  : 'Some lines were not accepted: nothing was added'
              }
            >
              <ul className="list-disc pl-5 break-words">
                {refusedLines.slice(0, 10).map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
              {refusedLines.length > 10 ? (
                <p>and {formatNumber(refusedLines.length - 10)} more.</p>
              ) : null}
            </Alert>
          ) : add.isError ? (
            <Alert tone="error" title={describeError(add.error).title}>
              {describeError(add.error).description} Nothing was added.
            </Alert>
          ) : null}
          <div className="flex justify-end gap-2">
            <Button variant="secondary" disabled={add.isPending} onClick={() => close(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={add.isPending}>
              {add.isPending
                ? 'Adding…'
                : `Add ${formatNumber(read.codes.length)} ${read.codes.length === 1 ? 'code' : 'codes'}`}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
