import { Copy } from 'lucide-react';
import { notify } from '#lib/notify';
import { Button } from './button';

/** Copies `value` to the clipboard and says so (a toast, which screen readers announce). */
export function CopyButton({
  value,
  label,
  copiedMessage,
  onCopied,
}: {
  value: string;
  /** The button's name, e.g. "Copy invite code". */
  label: string;
  copiedMessage: string;
  /** Called once the value is on the clipboard. */
  onCopied?: () => void;
}) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      onCopied?.();
      notify.success(copiedMessage);
    } catch {
      notify.error('Could not copy', 'The browser did not allow it. Select the text and copy it.');
    }
  };
  return (
    <Button variant="secondary" size="sm" onClick={() => void copy()}>
      <Copy aria-hidden="true" className="size-4" />
      {label}
    </Button>
  );
}
