import { useId, type ReactNode } from 'react';

/** A titled part of a builder step. */
export function StepSection({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <div
      role="group"
      aria-labelledby={id}
      className="space-y-4 border-t border-gray-200 pt-6 first:border-t-0 first:pt-0"
    >
      <h3 id={id} className="text-base font-semibold text-gray-900">
        {title}
      </h3>
      {children}
    </div>
  );
}
