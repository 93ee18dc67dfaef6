/** The first focusable element of every page: jumps past the header and navigation. */
export function SkipLink({ target = 'main' }: { target?: string }) {
  return (
    <a
      href={`#${target}`}
      className="fixed top-2 left-2 z-50 -translate-y-20 rounded-md bg-white px-4 py-2 text-sm font-medium text-indigo-800 shadow-lg focus:translate-y-0"
    >
      Skip to content
    </a>
  );
}
