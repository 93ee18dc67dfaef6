import { useId, useState, type ReactNode } from 'react';
import { Alert } from '#components/ui/alert';
import { Button } from '#components/ui/button';
import { CopyButton } from '#components/ui/copy-button';
import { Dialog, DialogClose, DialogContent } from '#components/ui/dialog';
import { Label } from '#components/ui/label';

/**
 * A secret shown once (an invitation link, a new key): the whole value, selectable, with a Copy
 * button, and a warning that it will not be shown again. Closing it forgets the value, so closing
 * before the value was copied (Escape, a click outside, Done) asks first; a second Escape or
 * "Close without copying" then closes. `mustCopy` false (a link already e-mailed) never asks.
 */
export function SecretDialog({
  title,
  label,
  value,
  copyLabel,
  copiedMessage,
  onClose,
  mustCopy = true,
  children,
}: {
  title: string;
  /** The value's label, e.g. "Invitation link". */
  label: string;
  value: string | null;
  copyLabel: string;
  copiedMessage: string;
  onClose: () => void;
  mustCopy?: boolean;
  /** What the value is for and how long it holds. */
  children: ReactNode;
}) {
  const id = useId();
  // Whether this value was copied, and whether closing asked: a new value starts afresh.
  const [state, setState] = useState({ value, copied: false, asking: false });
  const current = state.value === value ? state : { value, copied: false, asking: false };
  const { copied, asking } = current;
  const setCopied = () => setState({ value, copied: true, asking: false });
  const setAsking = () => setState({ value, copied, asking: true });

  const close = () => {
    if (!mustCopy || copied || asking) onClose();
    else setAsking();
  };

  return (
    <Dialog open={value !== null} onOpenChange={(open) => (open ? undefined : close())}>
      <DialogContent title={title}>
        <div className="space-y-4">
          <div className="space-y-2 text-sm text-gray-700">{children}</div>
          <div className="space-y-1.5">
            <Label htmlFor={`${id}-value`}>{label}</Label>
            <textarea
              id={`${id}-value`}
              readOnly
              rows={3}
              value={value ?? ''}
              spellCheck={false}
              onFocus={(e) => e.currentTarget.select()}
              onCopy={setCopied}
              className="block w-full resize-none rounded-md border border-gray-400 bg-gray-50 px-3 py-2 font-mono text-sm break-all text-gray-900"
            />
          </div>
          {asking ? (
            <Alert tone="warning" title={`You have not copied the ${label.toLowerCase()}`}>
              It is shown only now: once this window is closed, it cannot be shown again.
            </Alert>
          ) : null}
          <div className="flex flex-wrap justify-end gap-2">
            <CopyButton
              value={value ?? ''}
              label={copyLabel}
              copiedMessage={copiedMessage}
              onCopied={setCopied}
            />
            {asking ? (
              <Button size="sm" variant="danger" onClick={onClose}>
                Close without copying
              </Button>
            ) : (
              <DialogClose asChild>
                <Button size="sm">Done</Button>
              </DialogClose>
            )}
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
