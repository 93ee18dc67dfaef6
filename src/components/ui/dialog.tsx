import { clsx } from 'clsx';
import { X } from 'lucide-react';
import { Dialog as RadixDialog } from 'radix-ui';
import type { ReactNode } from 'react';

export const Dialog = RadixDialog.Root;
export const DialogTrigger = RadixDialog.Trigger;
export const DialogClose = RadixDialog.Close;

/** A modal dialog with a required title (its accessible name) and an optional description. */
export function DialogContent({
  title,
  description,
  children,
  className,
  onCloseAutoFocus,
}: {
  title: string;
  description?: string;
  children?: ReactNode;
  className?: string;
  /** Where the focus goes on closing; `event.preventDefault()` keeps it where the caller put it. */
  onCloseAutoFocus?: ((event: Event) => void) | undefined;
}) {
  return (
    <RadixDialog.Portal>
      <RadixDialog.Overlay className="fixed inset-0 z-40 bg-gray-950/40" />
      <RadixDialog.Content
        // Without a description, say so; Radix would otherwise point at a missing element.
        {...(description ? {} : { 'aria-describedby': undefined })}
        {...(onCloseAutoFocus ? { onCloseAutoFocus } : {})}
        className={clsx(
          'fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 shadow-xl',
          className,
        )}
      >
        <RadixDialog.Title className="pr-8 text-lg font-semibold text-gray-900">
          {title}
        </RadixDialog.Title>
        {description ? (
          <RadixDialog.Description className="mt-1 text-sm text-gray-600">
            {description}
          </RadixDialog.Description>
        ) : null}
        <div className="mt-4">{children}</div>
        <RadixDialog.Close
          aria-label="Close"
          className="absolute top-4 right-4 rounded-md p-1 text-gray-600 hover:bg-gray-100 hover:text-gray-900"
        >
          <X aria-hidden="true" className="size-4" />
        </RadixDialog.Close>
      </RadixDialog.Content>
    </RadixDialog.Portal>
  );
}
