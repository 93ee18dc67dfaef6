import { vi } from 'vitest';

/** jsdom has no ResizeObserver, which Radix's components use: one that observes nothing. */
export function stubResizeObserver() {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
}
