import { clsx } from 'clsx';
import { CircleAlert, CircleCheck, Info, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';

type Tone = 'info' | 'success' | 'warning' | 'error';

const tones: Record<Tone, { box: string; icon: typeof Info }> = {
  info: { box: 'border-sky-300 bg-sky-50 text-sky-950', icon: Info },
  success: { box: 'border-emerald-300 bg-emerald-50 text-emerald-950', icon: CircleCheck },
  warning: { box: 'border-amber-300 bg-amber-50 text-amber-950', icon: TriangleAlert },
  error: { box: 'border-red-300 bg-red-50 text-red-950', icon: CircleAlert },
};

/**
 * A message in the flow of the page. Errors are announced at once (`role="alert"`), other tones
 * politely (`role="status"`); pass `live={false}` for a message that is there from the start.
 */
export function Alert({
  tone = 'info',
  title,
  children,
  live = true,
  className,
}: {
  tone?: Tone;
  title: string;
  children?: ReactNode;
  live?: boolean;
  className?: string;
}) {
  const { box, icon: Icon } = tones[tone];
  return (
    <div
      role={live ? (tone === 'error' ? 'alert' : 'status') : undefined}
      className={clsx('flex gap-3 rounded-md border p-3 text-sm', box, className)}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div className="space-y-1">
        <p className="font-medium">{title}</p>
        {children ? <div>{children}</div> : null}
      </div>
    </div>
  );
}
