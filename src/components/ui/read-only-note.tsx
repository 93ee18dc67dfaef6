import { Eye } from 'lucide-react';
import type { ReactNode } from 'react';

/**
 * Where decisions or edits would be, for someone whose role (or key) may only look: says so in
 * a line, so the missing buttons read as intended rather than broken.
 */
export function ReadOnlyNote({ children }: { children: ReactNode }) {
  return (
    <p className="flex items-start gap-2 rounded-md border border-gray-200 bg-gray-50 px-3 py-2 text-sm text-gray-700">
      <Eye aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-gray-600" />
      <span>
        <span className="font-medium text-gray-900">Read only.</span> {children}
      </span>
    </p>
  );
}
