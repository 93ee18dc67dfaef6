import { Dialog, DialogContent } from '#components/ui/dialog';
import { SHORTCUTS, type Shortcut } from '../shortcuts';

const GROUPS: readonly Shortcut['group'][] = ['Media', 'Queue', 'Decisions'];

/** The sheet of the queue's keyboard shortcuts (`?`), from the table the keys are read with. */
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
        description="They work anywhere on this screen except while typing in a field. Space never scrolls the page here. A and R decide only a submission that has been on screen for a moment, and a key held down decides once."
        className="max-h-[calc(100dvh-2rem)] overflow-y-auto"
      >
        <div className="space-y-4">
          {GROUPS.map((group) => (
            <section key={group} aria-label={group}>
              <h3 className="mb-2 text-xs font-semibold tracking-wide text-gray-600 uppercase">
                {group}
              </h3>
              <dl className="grid grid-cols-[4.5rem_1fr] gap-x-4 gap-y-2 text-sm">
                {SHORTCUTS.filter((s) => s.group === group).map((s) => (
                  <div key={s.command} className="contents">
                    <dt>
                      <kbd className="rounded border border-gray-300 bg-gray-50 px-1.5 py-0.5 font-mono text-xs">
                        {s.label}
                      </kbd>
                    </dt>
                    <dd className="text-gray-800">{s.action}</dd>
                  </div>
                ))}
              </dl>
            </section>
          ))}
        </div>
      </DialogContent>
    </Dialog>
  );
}
