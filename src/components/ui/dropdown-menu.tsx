import { clsx } from 'clsx';
import { DropdownMenu as RadixMenu } from 'radix-ui';
import type { ComponentProps, ReactNode } from 'react';

export const DropdownMenu = RadixMenu.Root;
export const DropdownMenuTrigger = RadixMenu.Trigger;

/**
 * The open menu. Radix mounts it only while open, in a portal, with arrow-key navigation,
 * typeahead, Escape, and focus back on the trigger when it closes. The portal is the page's
 * `main` landmark when there is one, so the open menu stays inside the page's landmarks.
 */
export function DropdownMenuContent({
  children,
  className,
  align = 'end',
  ...props
}: ComponentProps<typeof RadixMenu.Content>) {
  const container = document.getElementById('main') ?? undefined;
  return (
    <RadixMenu.Portal container={container}>
      <RadixMenu.Content
        align={align}
        sideOffset={4}
        collisionPadding={8}
        className={clsx(
          'z-40 min-w-44 rounded-md border border-gray-200 bg-white p-1 shadow-lg',
          className,
        )}
        {...props}
      >
        {children}
      </RadixMenu.Content>
    </RadixMenu.Portal>
  );
}

const itemClasses = (danger: boolean) =>
  clsx(
    'flex cursor-default items-center gap-2 rounded px-2.5 py-1.5 text-sm outline-none select-none',
    'data-[disabled]:text-gray-500 data-[highlighted]:outline-none',
    danger
      ? 'text-red-800 data-[highlighted]:bg-red-50'
      : 'text-gray-900 data-[highlighted]:bg-indigo-50 data-[highlighted]:text-indigo-950',
  );

/** A menu item; `asChild` makes a link one. */
export function DropdownMenuItem({
  danger = false,
  className,
  children,
  ...props
}: ComponentProps<typeof RadixMenu.Item> & { danger?: boolean; children: ReactNode }) {
  return (
    <RadixMenu.Item className={clsx(itemClasses(danger), className)} {...props}>
      {children}
    </RadixMenu.Item>
  );
}
