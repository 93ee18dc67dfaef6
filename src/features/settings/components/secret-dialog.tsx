import { useId, type ReactNode } from 'react';
import { Button } from '#components/ui/button';
import { CopyButton } from '#components/ui/copy-button';
import { Dialog, DialogClose, DialogContent } from '#components/ui/dialog';
import { Label } from '#components/ui/label';

/**
 * A secret shown once (an invitation link, a new key): the whole value, selectable, with a Copy
 * button, and a warning that it will not be shown again. Closing it forgets the value.
 */
export function SecretDialog({
  title,
  label,
  value,
  copyLabel,
  copiedMessage,
  onClose,
  children,
}: {
  title: string;
  /** The value's label, e.g. "Invitation link". */
  label: string;
  value: string | null;
  copyLabel: string;
  copiedMessage: string;
  onClose: () => void;
  /** What the value is for and how long it holds. */
  children: ReactNode;
}) {
  const id = useId();
  return (
    <Dialog open={value !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
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
              className="block w-full resize-none rounded-md border border-gray-400 bg-gray-50 px-3 py-2 font-mono text-sm break-all text-gray-900"
            />
          </div>
          <div className="flex flex-wrap justify-end gap-2">
            <CopyButton value={value ?? ''} label={copyLabel} copiedMessage={copiedMessage} />
            <DialogClose asChild>
              <Button size="sm">Done</Button>
            </DialogClose>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
