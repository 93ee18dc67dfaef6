import { clsx } from 'clsx';
import { CircleAlert } from 'lucide-react';

export function IssueList({
  id,
  messages,
  className,
}: {
  id: string;
  messages: readonly string[];
  className?: string;
}) {
  if (messages.length === 0) return null;
  return (
    <ul id={id} className={clsx('space-y-1', className)}>
      {messages.map((message, i) => (
        <li key={`${i}:${message}`} className="flex items-start gap-1.5 text-sm text-red-700">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>{message}</span>
        </li>
      ))}
    </ul>
  );
}
