import { AlertDialog } from 'radix-ui';
import { useRef, type ReactNode } from 'react';
import { Alert } from './alert';
import { Button } from './button';
import { Spinner } from './spinner';

/**
 * Asks before an action that cannot be taken back. It stays open while the action runs and when it
 * fails, showing why inside (`error`); the caller closes it on success. An alertdialog named by
 * its title; Cancel has the focus first, so Enter never confirms by accident, unless
 * `focusConfirm` says the action is one Enter may confirm (it can still be undone, say).
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  pendingLabel,
  onConfirm,
  pending = false,
  error,
  errorTitle = 'That did not work',
  tone = 'danger',
  onCloseAutoFocus,
  focusConfirm = false,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  confirmLabel: string;
  /** Shown on the confirm button while the action runs, e.g. "Deleting…". */
  pendingLabel: string;
  onConfirm: () => void;
  pending?: boolean;
  /** Why the action was refused, e.g. the service's message. */
  error?: string | null;
  errorTitle?: string;
  tone?: 'danger' | 'primary';
  /** Where focus goes when the dialog closes (by default: the element that opened it). */
  onCloseAutoFocus?: (event: Event) => void;
  /** The confirm button has the focus first, so Enter confirms and Escape cancels. */
  focusConfirm?: boolean;
  /** A trigger (`<AlertDialogTrigger asChild>`), when the dialog has one. */
  children?: ReactNode;
}) {
  // Where the focus was when it opened. Radix gives the focus back to a Trigger only, and most of
  // these dialogs are opened from state (no Trigger): without this it would fall to the page.
  const opener = useRef<HTMLElement | null>(null);
  const confirmRef = useRef<HTMLDivElement>(null);
  return (
    <AlertDialog.Root
      open={open}
      onOpenChange={(next) => (pending ? undefined : onOpenChange(next))}
    >
      {children}
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-gray-950/40" />
        <AlertDialog.Content
          onOpenAutoFocus={(event) => {
            opener.current =
              document.activeElement instanceof HTMLElement ? document.activeElement : null;
            const confirm = confirmRef.current?.querySelector<HTMLElement>('[data-confirm]');
            if (focusConfirm && confirm) {
              event.preventDefault();
              confirm.focus();
            }
          }}
          onCloseAutoFocus={
            onCloseAutoFocus ??
            ((event) => {
              const back = opener.current;
              if (back?.isConnected) {
                event.preventDefault();
                back.focus();
              }
            })
          }
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 shadow-xl"
        >
          <AlertDialog.Title className="text-lg font-semibold text-gray-900">
            {title}
          </AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-gray-600">
            {description}
          </AlertDialog.Description>
          {error ? (
            <Alert tone="error" title={errorTitle} className="mt-4">
              {error}
            </Alert>
          ) : null}
          <div ref={confirmRef} className="mt-6 flex flex-wrap justify-end gap-3">
            <AlertDialog.Cancel asChild>
              <Button variant="secondary" disabled={pending}>
                Cancel
              </Button>
            </AlertDialog.Cancel>
            {/* Not AlertDialog.Action: that would close the dialog before the answer arrives. */}
            {/* aria-disabled, not disabled: the button keeps the focus while the action runs. */}
            <Button
              data-confirm
              variant={tone}
              onClick={() => (pending ? undefined : onConfirm())}
              aria-disabled={pending || undefined}
              className="aria-disabled:cursor-wait aria-disabled:opacity-75"
            >
              {pending ? <Spinner className="size-4" /> : null}
              {pending ? pendingLabel : confirmLabel}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
