// Native selects and the values button look like the shared Input (components/ui/input.tsx).
export const selectClasses =
  'h-10 max-w-full rounded-md border border-gray-400 bg-white px-2 text-sm text-gray-900 shadow-xs disabled:bg-gray-100 disabled:text-gray-600 aria-[invalid=true]:border-red-700';

export const fieldButtonClasses =
  'inline-flex h-10 max-w-full min-w-44 items-center justify-between gap-2 rounded-md border border-gray-400 bg-white px-3 text-left text-sm text-gray-900 shadow-xs hover:bg-gray-50 disabled:bg-gray-100 disabled:text-gray-600';
