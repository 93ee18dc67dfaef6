import { clsx } from 'clsx';
import { Slot, Tooltip } from 'radix-ui';
import { useRef, useState, type ReactElement, type ReactNode } from 'react';

const isCut = (element: HTMLElement | null) =>
  !!element &&
  (element.scrollWidth > element.clientWidth + 1 ||
    element.scrollHeight > element.clientHeight + 1);

/**
 * A user's text (a campaign's or a brand's name) cut to one line with an ellipsis, whose whole
 * text appears in a tooltip on hover and on keyboard focus, only when it is cut. Screen readers
 * read the whole text either way: it is all in the page, only clipped. With `asChild`, the one
 * child (a link, a button) is the clipped element and the tooltip's anchor, so focusing it shows
 * the whole text too; otherwise a span is.
 */
export function TruncatedText({
  text,
  className,
  asChild = false,
  children,
}: {
  /** The whole text, shown in the tooltip. */
  text: string;
  className?: string;
  asChild?: boolean;
  /** With `asChild`: the element to clip (it holds `text`). */
  children?: ReactElement;
}) {
  const ref = useRef<HTMLElement>(null);
  const [open, setOpen] = useState(false);
  /** The page's landmark the text is in, where the tooltip is placed (found as it opens). */
  const [container, setContainer] = useState<HTMLElement | null>(null);
  const Anchor = asChild ? Slot.Root : 'span';
  const content: ReactNode = asChild ? children : text;
  return (
    <Tooltip.Provider delayDuration={300} skipDelayDuration={100}>
      <Tooltip.Root
        open={open}
        onOpenChange={(next) => {
          setContainer(ref.current?.closest('main') ?? null);
          setOpen(next && isCut(ref.current));
        }}
      >
        <Tooltip.Trigger asChild>
          <Anchor ref={ref} className={clsx('truncate', !asChild && 'block', className)}>
            {content}
          </Anchor>
        </Tooltip.Trigger>
        {/* Inside the page's landmark (where the text is), so every part of the page is in one. */}
        <Tooltip.Portal container={container}>
          <Tooltip.Content
            side="top"
            align="start"
            sideOffset={4}
            collisionPadding={8}
            className="z-50 max-w-[min(28rem,calc(100vw-1rem))] rounded-md bg-gray-900 px-2.5 py-1.5 text-xs break-words text-white shadow-md"
          >
            {text}
          </Tooltip.Content>
        </Tooltip.Portal>
      </Tooltip.Root>
    </Tooltip.Provider>
  );
}
