import { Dialog, DialogContent } from '../../../components/ui/dialog';

export const SHORTCUTS: readonly { keys: string; action: string }[] = [
  { keys: 'J', action: 'Next submission' },
  { keys: 'K', action: 'Previous submission' },
  { keys: 'A', action: 'Approve' },
  { keys: 'R', action: 'Reject with feedback' },
  { keys: 'U', action: 'Undo the last decision (for a few seconds)' },
  { keys: '?', action: 'Show these shortcuts' },
];

/** The list of the queue's keyboard shortcuts. */
export function ShortcutsDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Keyboard shortcuts"
        description="They work anywhere on this screen except while typing."
      >
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
          {SHORTCUTS.map(({ keys, action }) => (
            <div key={keys} className="contents">
              <dt>
                <kbd className="rounded border border-gray-300 bg-gray-50 px-1.5 py-0.5 font-mono text-xs">
                  {keys}
                </kbd>
              </dt>
              <dd className="text-gray-800">{action}</dd>
            </div>
          ))}
        </dl>
      </DialogContent>
    </Dialog>
  );
}
